// A rendered list that animates a changeset's steps the way UIKit does: per stage, deletes
// fade out, moves slide (FLIP: first, last, invert, play), inserts fade in; then reloads
// crossfade and reconfigures flash. Elements are keyed by identifier, so a moved item is
// the same element sliding to its new place. Outline rows are drawn at their level, with a
// disclosure triangle when they have children (`onToggle(id, expanded)` when one is clicked).
import { itemId } from "./listdiff.js";

const sectionsOf = (list) => (Array.isArray(list) ? [{ id: "", items: list }] : list.items ? [{ id: "", items: list.items }] : list.sections);
const contentText = (item) => {
  if (typeof item !== "object" || item === null) return "";
  const content = item.content !== undefined && item.content !== null ? JSON.stringify(item.content) : "";
  return item.kind ? `${item.kind} cell${content ? ` · ${content}` : ""}` : content;
};

export class ListView {
  constructor(root, { duration = 380, onToggle = null } = {}) {
    this.root = root;
    this.duration = duration;
    this.onToggle = onToggle;
    this.items = new Map();
    this.sections = new Map();
    this.list = [];
  }

  /** Shows `list` at once (no animation). */
  show(list) {
    this.root.replaceChildren();
    this.items.clear();
    this.sections.clear();
    this.list = list;
    this.build(list);
  }

  /** Animates from the list shown to `step.list`; resolves when every animation has finished. */
  async play(step) {
    const before = sectionsOf(this.list);
    const after = sectionsOf(step.list);
    const afterItems = new Set(after.flatMap((s) => s.items.map(itemId)));
    const afterSections = new Set(after.map((s) => String(s.id)));
    const leaving = [
      ...before.flatMap((s) => s.items.map(itemId)).filter((id) => !afterItems.has(id)).map((id) => this.items.get(id)),
      ...before.map((s) => String(s.id)).filter((id) => !afterSections.has(id)).map((id) => this.sections.get(id)),
    ].filter(Boolean);
    await Promise.all(leaving.map((element) => this.animate(element, [{ opacity: 1 }, { opacity: 0, transform: "scale(0.97)" }])));

    const first = new Map([...this.items, ...this.sections].map(([id, element]) => [element, element.getBoundingClientRect()]));
    for (const element of leaving) element.remove();
    const created = this.build(step.list);
    const slides = [];
    for (const [element, rect] of first) {
      if (!element.isConnected || created.has(element)) continue;
      const now = element.getBoundingClientRect();
      const dx = rect.left - now.left;
      const dy = rect.top - now.top;
      if (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5) {
        slides.push(this.animate(element, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }]));
      }
    }
    for (const id of step.moved ?? []) this.label(this.items.get(id), `moved`);
    for (const id of step.movedSections ?? []) this.label(this.sections.get(id)?.querySelector("h3"), "moved");
    for (const element of created) element.style.opacity = "0";
    await Promise.all(slides);
    await Promise.all([...created].map((element) => this.animate(element, [{ opacity: 0 }, { opacity: 1 }]).then(() => (element.style.opacity = ""))));

    const crossfades = [...(step.reloaded ?? []), ...(step.reloadedSections ?? [])]
      .map((id) => this.items.get(id) ?? this.sections.get(id))
      .filter((element) => element && !created.has(element))
      .map((element) => this.animate(element, [{ opacity: 0.15 }, { opacity: 1 }]));
    const flashes = [...(step.reconfigured ?? [])]
      .map((id) => this.items.get(id))
      .filter(Boolean)
      .map((element) => this.animate(element, [{ backgroundColor: "var(--flash)" }, { backgroundColor: "var(--item)" }], 2));
    await Promise.all([...crossfades, ...flashes]);
  }

  /** Puts `list` in the DOM, reusing elements by identifier; returns the elements it made. */
  build(list) {
    this.list = list;
    const created = new Set();
    const flat = !Array.isArray(list.sections);
    this.root.classList.toggle("flat", flat);
    const keep = new Set();
    for (const section of sectionsOf(list)) {
      const id = String(section.id);
      let element = this.sections.get(id);
      if (!element) {
        element = document.createElement("section");
        element.className = "ld-section";
        element.dataset.id = id;
        element.append(document.createElement("h3"), document.createElement("ol"));
        element.querySelector("h3").textContent = id;
        this.sections.set(id, element);
        created.add(element);
      }
      keep.add(id);
      this.root.append(element);
      const ol = element.querySelector("ol");
      for (const item of section.items) {
        const itemElement = this.item(item, created);
        ol.append(itemElement);
      }
    }
    for (const [id, element] of this.sections) if (!keep.has(id)) this.sections.delete(id);
    const shown = new Set(sectionsOf(list).flatMap((s) => s.items.map(itemId)));
    for (const id of [...this.items.keys()]) if (!shown.has(id)) this.items.delete(id);
    return created;
  }

  item(item, created) {
    const id = itemId(item);
    let element = this.items.get(id);
    if (!element) {
      element = document.createElement("li");
      element.className = "ld-item";
      element.dataset.id = id;
      const name = document.createElement("span");
      name.className = "ld-id";
      name.textContent = id;
      const content = document.createElement("span");
      content.className = "ld-content";
      const badge = document.createElement("span");
      badge.className = "ld-badge";
      element.append(this.disclosure(id), name, content, badge);
      this.items.set(id, element);
      created.add(element);
    }
    this.showRow(element, item);
    element.querySelector(".ld-content").textContent = contentText(item);
    element.querySelector(".ld-badge").textContent = "";
    element.classList.remove("ld-moved");
    return element;
  }

  /** A triangle that shows whether a row's children are shown, and asks for the other state. */
  disclosure(id) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "ld-disclosure";
    button.addEventListener("click", () => this.onToggle?.(id, button.getAttribute("aria-expanded") === "true"));
    return button;
  }

  /** An outline row's level and disclosure state; nothing for an item of a flat section. */
  showRow(element, item) {
    const isRow = typeof item === "object" && item !== null && Number.isInteger(item.level);
    element.style.setProperty("--level", isRow ? String(item.level) : "0");
    element.classList.toggle("ld-row", isRow);
    if (isRow) element.dataset.level = String(item.level);
    else delete element.dataset.level;
    const button = element.querySelector(".ld-disclosure");
    // A leaf keeps the triangle's room, so rows of one level line up.
    button.hidden = !isRow;
    element.classList.toggle("ld-leaf", isRow && !item.hasChildren);
    button.disabled = !this.onToggle;
    button.setAttribute("aria-expanded", String(Boolean(item.expanded)));
    button.setAttribute("aria-label", `${item.expanded ? "collapse" : "expand"} ${itemId(item)}`);
    button.textContent = item.expanded ? "▾" : "▸";
  }

  label(element, text) {
    if (!element) return;
    const badge = element.querySelector(".ld-badge");
    if (badge) badge.textContent = text;
    element.classList.add("ld-moved");
  }

  animate(element, keyframes, lengthen = 1) {
    return element.animate(keyframes, { duration: this.duration * lengthen, easing: "ease-in-out" }).finished.catch(() => {});
  }
}
