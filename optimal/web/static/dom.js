// Small DOM helpers shared by every tab: no library, no build step.

export const $ = (id) => document.getElementById(id);

// an element with attributes ("class", "text", "on<event>", others as attributes) and children
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

// "1 guess", "2 guesses", "1,234 answers" (as the terminal's plural)
export function plural(n, noun) {
  const text = n.toLocaleString("en");
  if (n === 1) return `${text} ${noun}`;
  if (noun.endsWith("s")) return `${text} ${noun}es`;
  if (noun.endsWith("y")) return `${text} ${noun.slice(0, -1)}ies`;
  return `${text} ${noun}s`;
}

// a row of coloured squares: reply "BBYBG" (or null: empty squares)
export function tiles(word, reply, attrs) {
  const row = el("div", Object.assign({ class: "tiles" }, attrs || {}));
  for (let i = 0; i < word.length; i++) {
    const c = reply ? reply[i].toLowerCase() : "e";
    row.append(el("span", { class: `tile ${c}`, text: word[i] }));
  }
  return row;
}

// a counter a test (or a curious reader) can watch: it grows after every answer is drawn
export function rendered() {
  document.body.dataset.renders = String(parseInt(document.body.dataset.renders || "0", 10) + 1);
}
