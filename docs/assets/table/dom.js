// Drawing helpers shared by every part of the page script.

// An element: ``attrs`` are its attributes (``text`` sets its text; true gives an empty attribute,
// and false, null or undefined leave one out), ``children`` its nodes and strings.
export function el(tag, attrs, children) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([key, value]) => {
    if (key === "text") node.textContent = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  });
  (children || []).forEach((child) => node.append(child));
  return node;
}
