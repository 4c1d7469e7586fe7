// A calculator in a chapter is a card until the reader opens it: only then is the
// calculator's code loaded (it is a chunk of its own) and the element built from
// the card's data (its config is the page's, in #hexlaw-calculator-editions). A link that holds a card's state (a shared ruling) opens it.

const cards = [...document.querySelectorAll<HTMLElement>(".calc-card[data-engine]")];

async function open(card: HTMLElement, focus: boolean): Promise<void> {
  if (card.querySelector("hexlaw-calculator")) return;
  card.classList.add("opening");
  await import("../calculator/calculator-element.ts");
  const calculator = document.createElement("hexlaw-calculator");
  calculator.setAttribute("engine", card.dataset.engine ?? "");
  calculator.setAttribute("prefix", card.dataset.prefix ?? "");
  card.classList.replace("opening", "open");
  card.append(calculator);
  card.querySelector("[data-calc-open]")?.remove();
  if (focus) calculator.focus();
}

const params = [...new URLSearchParams(location.search).keys()];
for (const card of cards) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.calcOpen = "";
  button.className = "calc-card-open";
  button.textContent = "Open here";
  button.addEventListener("click", () => void open(card, true));
  card.querySelector(".calc-card-actions")?.prepend(button, " ");
  const prefix = card.dataset.prefix ?? "";
  if (prefix && params.some((key) => key.startsWith(prefix))) void open(card, false);
}
