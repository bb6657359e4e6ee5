// dapple preview: the picture. Renders come from POST /api/render (docs/preview.md): after
// an edit, a quick pass when the last exact picture took long (a tileable pane of the
// picture at its real scale, drawn N x N times; the server says N), and the exact picture
// beside it, at a lower priority. The views are the server's (/api/layout). The page's
// state for scripts: body[data-state] is "ready" once the exact picture of the newest
// edit is drawn (and the saved file's, when A/B shows it).
"use strict";

// ---------------------------------------------------------------- requests

function viewsOf(view) {
  if (view === "lit") return ["texture", "normal"];
  return [view];
}

function query(v) {
  if (v.startsWith("mask:")) return `view=mask&kind=${encodeURIComponent(v.slice(5))}`;
  return `view=${encodeURIComponent(v)}`;
}

function sizeMode() { return $("full").checked ? "full" : "preview"; }

// One render: {img, size: [w, h], tiles, quickTiles} or {status, error, key}.
async function fetchPicture(v, gen, body, extra) {
  const r = await fetch(`/api/render?${query(v)}&gen=${gen}&size=${sizeMode()}${extra}`,
                        { method: "POST", body });
  if (r.status !== 200) {
    let j = null;
    try { j = await r.json(); } catch (e) { j = { error: `HTTP ${r.status}` }; }
    return { v, status: r.status, error: j.error, key: j.key };
  }
  const size = (r.headers.get("X-Picture-Size") || "0x0").split("x").map(Number);
  return { v, img: await createImageBitmap(await r.blob()), size,
           tiles: Number(r.headers.get("X-Tiles") || 1),
           quickTiles: Number(r.headers.get("X-Quick-Tiles") || 1) };
}

async function fetchAll(names, gen, body, extra) {
  return Promise.all(names.map((v) => fetchPicture(v, gen, body, extra)));
}

// The quick pass's pane, tiled to the exact picture's size.
function tiled(res) {
  const [w, h] = res.size, c = new OffscreenCanvas(w, h), g = c.getContext("2d");
  for (let y = 0; y < h; y += res.img.height)
    for (let x = 0; x < w; x += res.img.width) g.drawImage(res.img, x, y);
  return c.transferToImageBitmap();
}

// ---------------------------------------------------------------- rendering

function schedule() {
  clearTimeout(S.timer);
  setState("rendering");
  S.timer = setTimeout(renderNow, 20);
}

function setState(state) {
  document.body.dataset.state = state;
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

// The quick pass: drawn only if the exact picture of this edit has not come first.
async function quickPass(names, gen, body, tiles) {
  let results;
  try { results = await fetchAll(names, gen, body, `&quick=${tiles}`); } catch (e) { return; }
  if (gen !== S.gen || S.drawnGen >= gen || results.some((r) => !r.img)) return;
  S.shown = {};
  for (const r of results) S.shown[r.v] = tiled(r);
  S.shownQuick = true;
  draw();
  $("canvas").dataset.quickGen = String(gen);
  $("status").textContent = "quick look… rendering the exact picture";
  setState("quick");
}

async function renderNow() {
  const gen = ++S.gen, view = S.view, mode = sizeMode();
  const names = viewsOf(view), body = editLines().join("\n");
  const tiles = S.quickTiles[mode] || 1;
  $("status").textContent = "rendering…";
  const t0 = performance.now();
  if (tiles > 1) quickPass(names, gen, body, tiles);
  let results;
  try {
    results = await fetchAll(names, gen, body, tiles > 1 ? "&priority=low" : "");
  } catch (e) {
    $("status").textContent = `the server does not answer (${e.message})`;
    setState("error");
    return;
  }
  if (gen !== S.gen) return; // a newer edit is on its way
  const bad = results.find((r) => !r.img);
  if (bad && (bad.status === 409 || bad.status === 503)) { schedule(); return; }
  clearErrors();
  if (bad) {
    showError(bad.error, bad.key);
    $("status").textContent = "error";
    setState("error");
    return;
  }
  S.shown = {};
  for (const r of results) S.shown[r.v] = r.img;
  S.shownQuick = false;
  S.quickTiles[mode] = Math.max(...results.map((r) => r.quickTiles));
  S.drawnGen = gen;
  draw();
  const ms = performance.now() - t0;
  $("status").textContent = `rendered in ${(ms / 1000).toFixed(2)} s`;
  const c = $("canvas");
  c.dataset.gen = String(gen);
  c.dataset.view = view;
  c.dataset.size = mode;
  await showSaved(gen);
}

// A/B: the saved file's picture (no changes sent), once per file stamp, view and size.
async function showSaved(gen) {
  if (S.ab === "edit") { draw(); setState("ready"); return; }
  const mode = sizeMode(), names = viewsOf(S.view);
  const key = (v) => `${S.stamp}|${mode}|${v}`;
  for (const k of Object.keys(S.saved)) if (!k.startsWith(`${S.stamp}|`)) delete S.saved[k]; // an older file
  const missing = names.filter((v) => !S.saved[key(v)]);
  if (missing.length > 0) {
    setState("rendering");
    let results;
    try { results = await fetchAll(missing, gen, "", ""); } catch (e) { return; }
    if (gen !== S.gen) return;
    const bad = results.find((r) => !r.img);
    if (bad && (bad.status === 409 || bad.status === 503)) { schedule(); return; }
    if (bad) { showError(`the saved file: ${bad.error}`, null); setState("error"); return; }
    for (const r of results) S.saved[key(r.v)] = r.img;
  }
  S.savedShown = {};
  for (const v of names) S.savedShown[v] = S.saved[key(v)];
  draw();
  setState("ready");
}

// ---------------------------------------------------------------- drawing

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

// The picture of one side (the edit, or the saved file) for the view on show.
function picture(images) {
  if (!images) return null;
  if (S.view !== "lit") return images[S.view] || null;
  const tex = images.texture, nrm = images.normal;
  if (!tex || !nrm) return null;
  let cache = S.litCache.get(tex);
  if (!cache || cache.nrm !== nrm) {
    cache = { nrm, tp: pixels(tex), np: pixels(nrm) };
    S.litCache.set(tex, cache);
  }
  const c = new OffscreenCanvas(tex.width, tex.height);
  c.getContext("2d").putImageData(litPixels(cache.tp, cache.np, tex.width, tex.height), 0, 0);
  return c;
}

function draw() {
  const a = picture(S.shown);
  if (!a) return;
  const b = S.ab !== "edit" ? picture(S.savedShown) : null;
  const c = $("canvas");
  const w = a.width, h = a.height, n = $("tile").checked ? 2 : 1;
  c.width = w * n; c.height = h * n;
  const g = c.getContext("2d");
  const split = S.ab === "split" && b ? Math.round(w * Number($("split").value) / 100) : -1;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      g.drawImage(S.ab === "saved" && b ? b : a, x * w, y * h);
      if (split >= 0) g.drawImage(b, split, 0, w - split, h, x * w + split, y * h, w - split, h);
    }
  }
  c.dataset.tiled = String(n === 2);
  c.dataset.ab = b ? S.ab : "edit";
  applyZoom();
}

// ---------------------------------------------------------------- zoom and pan

function zoomValue() { return document.querySelector("input[name=zoom]:checked").value; }

// 1:1, 2x, 4x: that many screen pixels (device pixels) per texture pixel, with
// image-rendering: pixelated; fit: the whole picture in the window.
function applyZoom() {
  const c = $("canvas"), stage = $("stage"), z = zoomValue();
  // the window reaches down to the bottom of the browser's, whatever the toolbars take
  stage.style.height = `${Math.max(200, window.innerHeight - stage.getBoundingClientRect().top - 12)}px`;
  const scale = z === "fit" ? Math.min(stage.clientWidth / c.width, stage.clientHeight / c.height)
                            : Number(z) / window.devicePixelRatio;
  // whole pixels when fitting, so that the fitted picture never needs a scroll bar
  const round = z === "fit" ? Math.floor : (v) => v;
  c.style.width = `${round(c.width * scale)}px`;
  c.style.height = `${round(c.height * scale)}px`;
  c.classList.toggle("pixelated", z !== "fit");
  c.dataset.zoom = z;
}

// Dragging the picture pans it, as the scroll bars do. The lit view's light follows the
// mouse when no button is down.
function wirePan() {
  const stage = $("stage");
  let drag = null;
  stage.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, left: stage.scrollLeft, top: stage.scrollTop };
    stage.setPointerCapture(e.pointerId);
    stage.classList.add("dragging");
  });
  stage.addEventListener("pointermove", (e) => {
    if (!drag) return;
    stage.scrollLeft = drag.left - (e.clientX - drag.x);
    stage.scrollTop = drag.top - (e.clientY - drag.y);
  });
  const end = () => { drag = null; stage.classList.remove("dragging"); };
  stage.addEventListener("pointerup", end);
  stage.addEventListener("pointercancel", end);
  $("canvas").addEventListener("mousemove", (e) => {
    if (S.view !== "lit" || drag) return;
    const b = e.currentTarget.getBoundingClientRect();
    S.light = [((e.clientX - b.left) / b.width) * 2 - 1, ((e.clientY - b.top) / b.height) * 2 - 1];
    draw();
  });
  for (const r of document.querySelectorAll("input[name=zoom]")) r.addEventListener("change", applyZoom);
  window.addEventListener("resize", applyZoom);
}

// ---------------------------------------------------------------- views and A/B

function buildViews() {
  const box = $("views");
  box.textContent = "";
  const views = [];
  for (const v of S.layout.views) {
    if (v.kinds) for (const k of v.kinds) views.push([`${v.name}:${k}`, `${k} ${v.label}`]);
    else views.push([v.name, v.label]);
    if (v.name === "normal") views.push(["lit", "lit normal map"]);
  }
  for (const [v, label] of views) {
    const l = document.createElement("label");
    const r = document.createElement("input");
    r.type = "radio"; r.name = "view"; r.value = v; r.checked = v === S.view;
    r.addEventListener("change", () => {
      S.view = v;
      $("hint").textContent = v === "lit" ? "move the mouse over the picture to move the light" : "";
      schedule();
    });
    l.append(r, " " + label);
    box.append(l);
  }
}

function wireViewer() {
  wirePan();
  $("tile").addEventListener("change", draw);
  $("full").addEventListener("change", schedule);
  for (const r of document.querySelectorAll("input[name=ab]")) {
    r.addEventListener("change", () => {
      S.ab = r.value;
      $("split").hidden = S.ab !== "split";
      if (S.drawnGen === S.gen) showSaved(S.gen); else draw();
    });
  }
  $("split").addEventListener("input", draw);
}
