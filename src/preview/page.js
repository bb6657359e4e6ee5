// dapple preview: the page's state, the file (load, save, notice edits on disk) and the
// wiring. controls.js builds the panels of keys, viewer.js the picture.
"use strict";

const S = {
  layout: null,     // /api/layout: {groups, keys, views}
  spec: null,       // /api/spec's spec: {params, masks, sections}
  stamp: "",        // the file's identity when it was read
  file: {},         // section -> key -> value as written in the file
  edits: {},        // section -> key -> value changed on the page, not saved
  closedGroups: new Set(), // "SECTION.GROUP" folded away by the user
  gen: 0,           // generation of the newest render request
  drawnGen: 0,      // generation of the exact picture on show
  view: "texture",  // texture | height | normal | lit | mask:KIND | another output
  shown: {},        // view -> ImageBitmap on show (exact, or the quick pass tiled)
  shownQuick: false,
  saved: {},        // "STAMP|SIZE|VIEW" -> ImageBitmap of the saved file (A/B)
  savedShown: {},   // view -> the saved file's picture for the view on show
  ab: "edit",       // edit | saved | split
  quickTiles: {},   // size mode -> the quick pass's tiling the server advised (1: none)
  litCache: new WeakMap(),
  light: [-0.5, -0.5],
  timer: 0,
};

async function getJson(url) {
  const r = await fetch(url);
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || `HTTP ${r.status}`);
  return j;
}

async function load(reason) {
  let j;
  try {
    if (!S.layout) S.layout = await getJson("/api/layout");
    j = await getJson("/api/spec");
  } catch (e) {
    showError(e.message, null);
    setState("error");
    return;
  }
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
$("new-seed").addEventListener("click", newSeed);
$("search").addEventListener("input", filterRows);
$("only-set").addEventListener("change", filterRows);
wireViewer();
// the token has become a cookie: keep it out of the address bar, history and bookmarks
if (location.search) history.replaceState(null, "", location.pathname);
load(null).then(watch);
