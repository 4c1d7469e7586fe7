// Where the changes reports are published: a module of its own, so that reading a
// report (the site) does not load the differ and the engine host that make one.

/** Where the changes report from `from` to the edition `to` that supersedes it is published, in generated/. */
export const changesFile = (ruleset: string, from: string, to: string) => `${ruleset}/${to}/changes-from-${from}.json`;
