// dapple preview: the page. Everything here is built from /api/spec, which comes from the
// parameter table (src/preset/params.c) and the preset file: no key is named in this file.
"use strict";

const $ = (id) => document.getElementById(id);
const S = {
  spec: null,       // {params, masks, sections}
  stamp: "",        // the file's identity when it was read
  file: {},         // section -> key -> value as written in the file
  edits: {},        // section -> key -> value changed on the page, not saved
  styles: {},       // layer -> its style in the file
  gen: 0,           // generation of the newest render request
  drawnGen: 0,
  view: "texture",  // texture | height | normal | lit | mask:KIND
  images: {},       // view -> ImageBitmap of the newest render
  light: [-0.5, -0.5],
  timer: 0,
};

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

// ---------------------------------------------------------------- controls

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

function widget(section, p, value, set) {
  const w = document.createElement("span");
  w.className = "widget";
  const text = (v) => {
    const t = document.createElement("input");
    t.type = "text"; t.value = v; t.spellcheck = false;
    t.addEventListener("change", () => set(t.value.trim()));
    return t;
  };
  if (p.type === "number" || p.type === "int") {
    const m = sliderMap(p);
    const r = document.createElement("input");
    r.type = "range"; r.min = 0; r.max = 1000; r.step = 1;
    const n = text(value);
    n.style.maxWidth = "80px";
    const num = Number(value);
    r.value = value === "" || !isFinite(num) ? 0 : m.to(num);
    r.title = `${p.lo} .. ${p.hi}`;
    r.addEventListener("input", () => { n.value = tidy(p, m.from(Number(r.value))); set(n.value); });
    n.addEventListener("change", () => { const v = Number(n.value); if (isFinite(v)) r.value = m.to(v); });
    w.append(r, n);
  } else if (p.type === "bool") {
    const c = document.createElement("input");
    c.type = "checkbox";
    c.checked = ["true", "yes", "on", "1"].includes(value);
    c.addEventListener("change", () => set(c.checked ? "true" : "false"));
    w.append(c);
  } else if (p.type === "choice") {
    const s = document.createElement("select");
    const names = p.choices.slice();
    if (value !== "" && !names.includes(value)) names.unshift(value); // "color" spellings
    if (value === "") s.append(new Option("", ""));
    for (const c of names) s.append(new Option(c, c));
    s.value = value;
    s.addEventListener("change", () => set(s.value));
    w.append(s);
  } else if (p.type === "colour") {
    const c = document.createElement("input");
    c.type = "color"; c.value = hex6(value);
    const t = text(value);
    c.addEventListener("input", () => {
      const alpha = /^#[0-9a-fA-F]{8}$/.test(t.value.trim()) ? t.value.trim().slice(7) : "";
      t.value = c.value + alpha; set(t.value);
    });
    w.append(c, t);
  } else {
    w.append(text(value));
  }
  return w;
}

function row(section, p) {
  const key = p.key, value = current(section, key), was = fileValue(section, key);
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
  const set = (v) => { setEdit(section, key, v); };
  r.append(label, widget(section, p, value, set), reset, note, err);
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

function rebuild() {
  const panels = $("panels");
  panels.textContent = "";
  for (const sec of S.spec.sections) {
    const name = sec.name;
    const fs = document.createElement("fieldset");
    fs.dataset.section = name;
    const lg = document.createElement("legend");
    const isTexture = name === "texture";
    lg.textContent = isTexture ? "[texture]" : `[layer ${name}] ${styleOf(name)}`;
    fs.append(lg);
    for (const p of S.spec.params) {
      if (p.section !== (isTexture ? "texture" : "layer")) continue;
      if (!isTexture && !p.styles.includes(styleOf(name)) && p.key !== "style") continue;
      fs.append(row(name, p));
    }
    panels.append(fs);
  }
}

// ---------------------------------------------------------------- rendering

function schedule() {
  clearTimeout(S.timer);
  S.timer = setTimeout(renderNow, 40);
}

function viewsOf(view) {
  if (view === "lit") return ["texture", "normal"];
  return [view];
}

function query(v) {
  if (v.startsWith("mask:")) return `view=mask&kind=${encodeURIComponent(v.slice(5))}`;
  return `view=${v}`;
}

function clearErrors() {
  for (const e of document.querySelectorAll(".row .err")) e.textContent = "";
  $("error").hidden = true;
}

function showError(msg, key) {
  $("error").textContent = msg;
  $("error").hidden = false;
  if (key) {
    const r = document.querySelector(`.row[data-key="${CSS.escape(key)}"]`);
    if (r) r.querySelector(".err").textContent = msg;
  }
}

async function renderNow() {
  const gen = ++S.gen;
  const view = S.view;
  const body = editLines().join("\n");
  $("status").textContent = "rendering…";
  const t0 = performance.now();
  let results;
  try {
    results = await Promise.all(viewsOf(view).map(async (v) => {
      const r = await fetch(`/api/render?${query(v)}&gen=${gen}`, { method: "POST", body });
      if (r.status === 200) return { v, img: await createImageBitmap(await r.blob()) };
      let j = null;
      try { j = await r.json(); } catch (e) { j = { error: `HTTP ${r.status}` }; }
      return { v, status: r.status, error: j.error, key: j.key };
    }));
  } catch (e) {
    $("status").textContent = `the server does not answer (${e.message})`;
    return;
  }
  if (gen !== S.gen) return; // a newer edit is on its way
  const bad = results.find((r) => !r.img);
  if (bad && (bad.status === 409 || bad.status === 503)) { schedule(); return; }
  clearErrors();
  if (bad) {
    showError(bad.error, bad.key);
    $("status").textContent = "error";
    return;
  }
  for (const r of results) S.images[r.v] = r.img;
  S.drawnGen = gen;
  draw();
  const ms = performance.now() - t0;
  $("status").textContent = `rendered in ${(ms / 1000).toFixed(2)} s`;
  const c = $("canvas");
  c.dataset.gen = String(gen);
  c.dataset.view = view;
}

// the normal map lit from the mouse: Lambert shading of the texture
function litPixels(tex, nrm, w, h) {
  const dx = current("texture", "normal_convention") === "dx";
  const [lx0, ly0] = S.light;
  let lz = 0.7, n = Math.hypot(lx0, ly0, lz);
  const lx = lx0 / n, ly = ly0 / n; lz /= n;
  const out = new ImageData(w, h);
  const t = tex.data, m = nrm.data, o = out.data;
  for (let i = 0; i < w * h * 4; i += 4) {
    const nx = m[i] / 127.5 - 1, ny = (m[i + 1] / 127.5 - 1) * (dx ? 1 : -1), nz = m[i + 2] / 127.5 - 1;
    const d = Math.max(0, nx * lx + ny * ly + nz * lz);
    const s = 0.25 + 0.9 * d;
    o[i] = t[i] * s; o[i + 1] = t[i + 1] * s; o[i + 2] = t[i + 2] * s; o[i + 3] = 255;
  }
  return out;
}

function pixels(img) {
  const c = new OffscreenCanvas(img.width, img.height);
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  return g.getImageData(0, 0, img.width, img.height);
}

function draw() {
  const view = S.view;
  const c = $("canvas");
  const first = S.images[viewsOf(view)[0]];
  if (!first) return;
  const w = first.width, h = first.height, n = $("tile").checked ? 2 : 1;
  c.width = w * n; c.height = h * n;
  const g = c.getContext("2d");
  let src = first;
  if (view === "lit" && S.images.normal) {
    if (!S.litCache || S.litCache.gen !== S.drawnGen)
      S.litCache = { gen: S.drawnGen, tex: pixels(S.images.texture), nrm: pixels(S.images.normal) };
    const lit = litPixels(S.litCache.tex, S.litCache.nrm, w, h);
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) g.putImageData(lit, x * w, y * h);
    c.dataset.tiled = String(n === 2);
    return;
  }
  g.clearRect(0, 0, c.width, c.height);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) g.drawImage(src, x * w, y * h);
  c.dataset.tiled = String(n === 2);
}

function buildViews() {
  const box = $("views");
  box.textContent = "";
  const views = [["texture", "texture"], ["height", "height map"], ["normal", "normal map"],
                 ["lit", "lit normal map"]];
  for (const m of S.spec.masks) views.push([`mask:${m}`, `${m} mask`]);
  for (const [v, label] of views) {
    const l = document.createElement("label");
    const r = document.createElement("input");
    r.type = "radio"; r.name = "view"; r.value = v; r.checked = v === S.view;
    r.addEventListener("change", () => { S.view = v; $("hint").textContent =
      v === "lit" ? "move the mouse over the picture to move the light" : ""; schedule(); });
    l.append(r, " " + label);
    box.append(l);
  }
}

// ---------------------------------------------------------------- the file

async function load(reason) {
  const r = await fetch("/api/spec");
  const j = await r.json();
  if (!r.ok) { showError(j.error, null); return; }
  S.spec = j.spec;
  S.stamp = j.stamp;
  S.gen = Math.max(S.gen, j.gen); // count on from the renders of pages loaded before
  $("file").textContent = j.file;
  S.file = {};
  for (const sec of j.spec.sections) {
    S.file[sec.name] = {};
    for (const [k, v] of Object.entries(sec.values)) S.file[sec.name][k] = v.value;
  }
  // keep the changes that still differ from the file
  for (const [sec, keys] of Object.entries(S.edits))
    for (const [k, v] of Object.entries(keys)) if (fileValue(sec, k) === v) unsetEdit(sec, k);
  if (reason) $("save-msg").textContent = reason;
  $("save").disabled = editLines().length === 0;
  buildViews();
  rebuild();
  schedule();
}

async function save() {
  const body = editLines().join("\n");
  S.saving = true; // the file changes under the watcher: this page's own doing
  try {
    const r = await fetch("/api/save", { method: "POST", body });
    const j = await r.json();
    clearErrors();
    if (!r.ok) { showError(j.error, j.key); $("save-msg").textContent = "not saved"; return; }
    S.edits = {};
    S.stamp = j.stamp;
    await load(null);
    $("save-msg").textContent = "saved";
  } finally {
    S.saving = false;
  }
}

async function watch() {
  try {
    const r = await fetch("/api/stamp");
    const stamp = (await r.text()).trim();
    if (S.spec && !S.saving && stamp !== S.stamp) await load("reloaded: the file changed on disk");
  } catch (e) { /* the server stopped: the status line says so at the next render */ }
  setTimeout(watch, 1000);
}

$("save").addEventListener("click", save);
$("tile").addEventListener("change", draw);
$("canvas").addEventListener("mousemove", (e) => {
  if (S.view !== "lit") return;
  const b = e.currentTarget.getBoundingClientRect();
  S.light = [((e.clientX - b.left) / b.width) * 2 - 1, ((e.clientY - b.top) / b.height) * 2 - 1];
  draw();
});
// the token has become a cookie: keep it out of the address bar, history and bookmarks
if (location.search) history.replaceState(null, "", location.pathname);
load(null).then(watch);
