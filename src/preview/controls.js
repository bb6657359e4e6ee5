// dapple preview: the panels of keys. Everything here is built from /api/spec (the
// parameter table and the file) and /api/layout (the group of each key): no key is named
// in this file. page.js holds the state S and loads both; viewer.js draws the picture.
"use strict";

const $ = (id) => document.getElementById(id);

function param(section, key) {
  const sec = section === "texture" ? "texture" : "layer";
  return S.spec.params.find((p) => p.section === sec && p.key === key);
}

function fileValue(section, key) {
  const v = S.file[section] && S.file[section][key];
  return v === undefined ? undefined : v;
}

function current(section, key) {
  const e = S.edits[section];
  if (e && key in e) return e[key];
  const f = fileValue(section, key);
  if (f !== undefined) return f;
  const p = param(section, key);
  return p && p.def !== null ? p.def : "";
}

function styleOf(layer) { return current(layer, "style"); }

function groupOf(section, key) {
  const keys = S.layout.keys[section === "texture" ? "texture" : "layer"];
  return keys[key] || S.layout.groups[S.layout.groups.length - 1];
}

// ---------------------------------------------------------------- widgets

function sliderMap(p) {
  // a log scale for wide positive ranges (radii, scales), linear otherwise
  if (p.lo > 0 && p.hi / p.lo > 100) {
    const a = Math.log(p.lo), b = Math.log(p.hi);
    return { to: (v) => (Math.log(Math.max(v, p.lo)) - a) / (b - a) * 1000,
             from: (s) => Math.exp(a + (b - a) * s / 1000) };
  }
  return { to: (v) => (v - p.lo) / (p.hi - p.lo) * 1000,
           from: (s) => p.lo + (p.hi - p.lo) * s / 1000 };
}

function tidy(p, v) {
  if (p.type === "int") return String(Math.round(v));
  return String(Number(v.toPrecision(4)));
}

function hex6(v) {
  const m = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.exec(v.trim());
  if (!m) return "#000000";
  let h = m[1];
  if (h.length === 3) h = h.split("").map((c) => c + c).join("");
  return "#" + h.slice(0, 6).toLowerCase();
}

// The picker's colour with the alpha digits the text had (#rrggbbaa keeps its aa).
function withAlpha(picked, old) {
  const t = old.trim();
  return /^#[0-9a-fA-F]{8}$/.test(t) ? picked + t.slice(7) : picked;
}

function textBox(v, set) {
  const t = document.createElement("input");
  t.type = "text"; t.value = v; t.spellcheck = false;
  t.addEventListener("change", () => set(t.value.trim()));
  return t;
}

function numberWidget(w, p, value, set) {
  const m = sliderMap(p);
  const r = document.createElement("input");
  r.type = "range"; r.min = 0; r.max = 1000; r.step = 1;
  const n = textBox(value, set);
  n.style.maxWidth = "80px";
  const num = Number(value);
  r.value = value === "" || !isFinite(num) ? 0 : m.to(num);
  r.title = `${p.lo} .. ${p.hi}`;
  r.addEventListener("input", () => { n.value = tidy(p, m.from(Number(r.value))); set(n.value); });
  n.addEventListener("change", () => { const v = Number(n.value); if (isFinite(v)) r.value = m.to(v); });
  w.append(r, n);
}

function choiceWidget(w, p, value, set) {
  const s = document.createElement("select");
  const names = p.choices.slice();
  if (value !== "" && !names.includes(value)) names.unshift(value); // "color" spellings
  if (value === "") s.append(new Option("", ""));
  for (const c of names) s.append(new Option(c, c));
  s.value = value;
  s.addEventListener("change", () => set(s.value));
  w.append(s);
}

function colourWidget(w, value, set) {
  const c = document.createElement("input");
  c.type = "color"; c.value = hex6(value);
  const t = textBox(value, set);
  c.addEventListener("input", () => { t.value = withAlpha(c.value, t.value); set(t.value); });
  w.append(c, t);
}

// A palette (a comma list of colours): a picker per colour, and the list as text.
function paletteWidget(w, value, set) {
  const box = document.createElement("span");
  box.className = "palette";
  const t = textBox(value, (v) => { pickers(v); set(v); });
  const pickers = (v) => {
    box.textContent = "";
    const list = v.split(",").map((s) => s.trim());
    list.forEach((colour, i) => {
      const c = document.createElement("input");
      c.type = "color"; c.value = hex6(colour); c.title = colour;
      c.dataset.index = String(i);
      c.addEventListener("input", () => {
        list[i] = withAlpha(c.value, list[i]);
        c.title = list[i];
        t.value = list.join(", ");
        set(t.value);
      });
      box.append(c);
    });
  };
  pickers(value);
  w.append(box, t);
}

function widget(p, value, set) {
  const w = document.createElement("span");
  w.className = "widget";
  if (p.type === "number" || p.type === "int") numberWidget(w, p, value, set);
  else if (p.type === "choice") choiceWidget(w, p, value, set);
  else if (p.type === "colour") colourWidget(w, value, set);
  else if (p.type === "colours") paletteWidget(w, value, set);
  else if (p.type === "bool") {
    const c = document.createElement("input");
    c.type = "checkbox";
    c.checked = ["true", "yes", "on", "1"].includes(value);
    c.addEventListener("change", () => set(c.checked ? "true" : "false"));
    w.append(c);
  } else {
    w.append(textBox(value, set));
  }
  return w;
}

// ---------------------------------------------------------------- rows

function row(section, p) {
  const key = p.key;
  const r = document.createElement("div");
  r.className = "row";
  r.dataset.key = `${section}.${key}`;
  const label = document.createElement("label");
  label.textContent = key;
  label.title = p.help + (p.def !== null ? ` (default ${p.def})` : "");
  const reset = document.createElement("button");
  reset.type = "button"; reset.className = "reset"; reset.textContent = "↺";
  reset.title = "back to the file's value";
  const note = document.createElement("span");
  note.className = "was";
  const err = document.createElement("span");
  err.className = "err";
  r.append(label, widget(p, current(section, key), (v) => setEdit(section, key, v)), reset, note, err);
  reset.addEventListener("click", () => { unsetEdit(section, key); rebuild(); schedule(); });
  markRow(r, section, key);
  return r;
}

function markRow(r, section, key) {
  const e = S.edits[section];
  const changed = e !== undefined && key in e;
  const was = fileValue(section, key);
  r.classList.toggle("changed", changed);
  r.classList.toggle("default", !changed && was === undefined); // not in the file: its default
  r.querySelector(".was").textContent =
      changed ? (was === undefined ? "not in the file" : `file: ${was}`) : "";
  r.querySelector(".reset").hidden = !changed;
}

function setEdit(section, key, v) {
  if (v === fileValue(section, key)) {
    unsetEdit(section, key);
  } else {
    (S.edits[section] = S.edits[section] || {})[key] = v;
  }
  const r = document.querySelector(`.row[data-key="${CSS.escape(section + "." + key)}"]`);
  if (r) markRow(r, section, key);
  if (key === "style") rebuild();
  $("save").disabled = editLines().length === 0;
  schedule();
}

function unsetEdit(section, key) {
  if (S.edits[section]) {
    delete S.edits[section][key];
    if (Object.keys(S.edits[section]).length === 0) delete S.edits[section];
  }
  $("save").disabled = editLines().length === 0;
}

function editLines() {
  const out = [];
  for (const [sec, keys] of Object.entries(S.edits))
    for (const [k, v] of Object.entries(keys)) out.push(`${sec}.${k}=${v}`);
  return out;
}

// A new random seed for the texture: a change like any other, saved with Save.
function newSeed() {
  const old = current("texture", "seed");
  let seed;
  do seed = String(1 + crypto.getRandomValues(new Uint32Array(1))[0] % 4294967295);
  while (seed === old);
  setEdit("texture", "seed", seed);
  rebuild();
}

// ---------------------------------------------------------------- panels

// The keys a section shows: [texture] all of its own, a layer those its style reads.
function sectionParams(name) {
  const isTexture = name === "texture";
  return S.spec.params.filter((p) => p.section === (isTexture ? "texture" : "layer") &&
      (isTexture || p.key === "style" || p.styles.includes(styleOf(name))));
}

function groupBox(section, group) {
  const d = document.createElement("details");
  d.className = "group";
  d.dataset.group = group;
  d.open = !S.closedGroups.has(`${section}.${group}`);
  d.addEventListener("toggle", () => {
    if (d.open) S.closedGroups.delete(`${section}.${group}`);
    else S.closedGroups.add(`${section}.${group}`);
  });
  const s = document.createElement("summary");
  s.textContent = group;
  d.append(s);
  return d;
}

function rebuild() {
  const panels = $("panels");
  panels.textContent = "";
  for (const sec of S.spec.sections) {
    const name = sec.name;
    const fs = document.createElement("fieldset");
    fs.dataset.section = name;
    const lg = document.createElement("legend");
    lg.textContent = name === "texture" ? "[texture]" : `[layer ${name}] ${styleOf(name)}`;
    fs.append(lg);
    const params = sectionParams(name);
    for (const group of S.layout.groups) {
      const mine = params.filter((p) => groupOf(name, p.key) === group);
      if (mine.length === 0) continue;
      const d = groupBox(name, group);
      for (const p of mine) d.append(row(name, p));
      fs.append(d);
    }
    panels.append(fs);
  }
  filterRows();
}

// The search box (a part of the key's name) and "keys this file sets" (the file's keys
// and those changed here) hide the other rows, and groups and panels left empty.
function filterRows() {
  const q = $("search").value.trim().toLowerCase();
  const onlySet = $("only-set").checked;
  let shown = 0, all = 0;
  for (const fs of document.querySelectorAll("#panels fieldset")) {
    const section = fs.dataset.section;
    let inSection = 0;
    for (const d of fs.querySelectorAll("details.group")) {
      let inGroup = 0;
      for (const r of d.querySelectorAll(".row")) {
        const key = r.dataset.key.slice(section.length + 1);
        const set = fileValue(section, key) !== undefined || (S.edits[section] && key in S.edits[section]);
        r.hidden = (q !== "" && !key.toLowerCase().includes(q)) || (onlySet && !set);
        inGroup += r.hidden ? 0 : 1;
        all++;
      }
      d.hidden = inGroup === 0;
      if (q !== "" && inGroup > 0) d.open = true; // a match is never folded away
      inSection += inGroup;
    }
    fs.hidden = inSection === 0;
    shown += inSection;
  }
  $("shown-count").textContent = shown === all ? "" : `${shown} of ${all} keys`;
}
