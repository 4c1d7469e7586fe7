/**
 * Why a value could not be computed. Thrown inside an engine and caught at the
 * output, so one unknown chart cell or a missing die leaves the rest computable.
 */
export class Stop {
  readonly kind: "dice" | "unknown" | "undefined";
  readonly message: string;
  readonly paragraph: string;
  /** For `dice`: the die that is needed. */
  readonly die?: string;

  constructor(kind: Stop["kind"], message: string, paragraph: string, die?: string) {
    this.kind = kind;
    this.message = message;
    this.paragraph = paragraph;
    this.die = die;
  }
}
