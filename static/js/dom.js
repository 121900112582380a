// Building DOM nodes without innerHTML: every string becomes a text node, so user data can never become markup.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function civDot(civ) {
  return el("span", { class: `civ civ-${civ}`, title: civ, "aria-hidden": "true" });
}

// The left border of a card row: its civilization, a gradient for several, grey for none.
export function civBorder(node, civilizations) {
  const civs = civilizations || [];
  if (civs.length === 0) node.style.borderLeftColor = "var(--colorless)";
  else if (civs.length === 1) node.style.borderLeftColor = `var(--${civs[0]})`;
  else {
    node.classList.add("bl-multi");
    node.style.borderLeftColor = "transparent";
    node.style.setProperty("--c1", `var(--${civs[0]})`);
    node.style.setProperty("--c2", `var(--${civs[civs.length - 1]})`);
  }
  return node;
}

export function readJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}
