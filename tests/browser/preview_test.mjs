// The preview page in a real browser (Debian's chromium, headless, driven by puppeteer-core):
//   node preview_test.mjs URL PRESET_FILE        the test: prints "N passed, N failed"
//   node preview_test.mjs --screenshot URL OUT   a screenshot of the page (docs/preview.md)
// URL is a running `dapple preview PRESET_FILE`. The test finds the keys by group, search
// and "keys this file sets", changes a slider and sees the picture change (a quick pass
// first), tiles it 2x2, zooms it (2x: a texture pixel is 2x2 screen pixels), renders it at
// full size (the pixels of `dapple render`, DAPPLE is the program), lights the normal map
// from two mouse positions, saves, checks that the file changed in that one line, and
// then tries the new-seed button, a palette's colour picker and A/B against the saved file.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import puppeteer from "puppeteer-core";

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
let passed = 0, failed = 0;
function check(ok, what) {
  if (ok) { passed++; console.log(`ok: ${what}`); }
  else { failed++; console.log(`FAIL: ${what}`); }
}

async function launch() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // root in CI has no user namespaces for the sandbox; the page is our own
    args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--hide-scrollbars",
           "--force-color-profile=srgb"],
  });
}

// Waits until the canvas shows a render newer than 'gen' of 'view'; returns its generation.
async function rendered(page, gen, view) {
  await page.waitForFunction((g, v) => {
    const c = document.getElementById("canvas");
    return Number(c.dataset.gen || 0) > g && (!v || c.dataset.view === v);
  }, { timeout: 60000 }, gen, view);
  return page.$eval("#canvas", (c) => Number(c.dataset.gen));
}

// The page's state for scripts (docs/preview.md): "ready" once the newest edit is drawn.
const ready = (page) => page.waitForFunction(() => document.body.dataset.state === "ready",
                                             { timeout: 60000 });

const canvasData = (page) => page.$eval("#canvas", (c) => c.toDataURL());
const canvasSize = (page) => page.$eval("#canvas", (c) => [c.width, c.height]);
const pixel = (page, x, y) => page.$eval("#canvas", (c, x, y) =>
  Array.from(c.getContext("2d").getImageData(x, y, 1, 1).data), x, y);

async function screenshot(url, out) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 720 });
    await page.goto(url);
    await ready(page);
    // the time a render took differs from run to run: not in the picture
    await page.$eval("#status", (s) => { s.textContent = ""; });
    await page.screenshot({ path: out });
  } finally {
    await browser.close();
  }
}

// Rows the filters leave (neither they nor their group or panel hidden; a folded group
// still counts).
const shownRows = (page) => page.$$eval(".row", (rs) =>
  rs.filter((r) => !r.closest("[hidden]")).map((r) => r.dataset.key));

// The keys the file sets, "SECTION.KEY", from its text.
function fileKeys(text) {
  const keys = [];
  let section = "";
  for (const line of text.split("\n")) {
    const h = /^\[(?:layer\s+)?([^\]]+)\]/.exec(line);
    if (h) { section = h[1].trim(); continue; }
    const k = /^([A-Za-z0-9_]+)\s*=/.exec(line);
    if (k && section) keys.push(`${section}.${k[1].replace("color", "colour")}`);
  }
  return keys;
}

async function groupsAndSearch(page, text) {
  const layout = await page.evaluate(() => S.layout);
  const groups = await page.$$eval('fieldset[data-section="stones"] details.group', (ds) => ds.map((d) => d.dataset.group));
  check(groups.join() === layout.groups.filter((g) => groups.includes(g)).join() && groups.length >= 3,
        `the stones panel is grouped in the server's order (${groups.join(", ")})`);
  const groupOfRow = (k) => page.$eval(`.row[data-key="${k}"]`, (r) => r.closest("details").dataset.group);
  const where = { "stones.rmin": "Distribution", "stones.wobble": "Shape", "stones.colours": "Shading",
                  "texture.size": "Output", "texture.seed": "Distribution" };
  for (const [k, g] of Object.entries(where)) check((await groupOfRow(k)) === g, `${k} is under ${g}`);
  const all = (await shownRows(page)).length;
  await page.type("#search", "shadow");
  const found = await shownRows(page);
  check(found.length >= 3 && found.every((k) => k.split(".")[1].includes("shadow")),
        `the search 'shadow' shows only its keys (${found.join(", ")})`);
  check(await page.$eval('.row[data-key="stones.rmin"]', (r) => r.hidden && r.offsetParent === null),
        "the search hides stones.rmin (on screen too)");
  check(await page.$eval('fieldset[data-section="texture"]', (f) => f.hidden), "a panel with no match is hidden");
  await page.$eval("#search", (s) => { s.value = ""; s.dispatchEvent(new Event("input")); });
  check((await shownRows(page)).length === all, `clearing the search shows all ${all} rows again`);
  await page.click("#only-set");
  const set = (await shownRows(page)).sort(), want = fileKeys(text).sort();
  check(set.join() === want.join(), `"keys this file sets" shows the file's ${want.length} keys (${set.length} shown)`);
  await page.click("#only-set");
  check((await shownRows(page)).length === all, "unticking it shows every row again");
}

// Screen pixels of the picture's top-left corner at 2x: each texture pixel a 2x2 block.
async function zoomTwice(page) {
  await page.click('input[name=zoom][value="2"]');
  await page.$eval("#stage", (s) => { s.scrollLeft = 0; s.scrollTop = 0; });
  const box = await (await page.$("#canvas")).boundingBox();
  const [cw] = await canvasSize(page);
  check(box.width === 2 * cw, `2x zoom: the ${cw} px canvas is ${box.width} px wide on screen`);
  const n = 24; // texture pixels a side
  const shot = await page.screenshot({ encoding: "base64",
    clip: { x: Math.round(box.x), y: Math.round(box.y), width: 2 * n, height: 2 * n } });
  const res = await page.evaluate(async (b64, n) => {
    // an <img>: the page's Content-Security-Policy lets images, not fetch, read data: URLs
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height), g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const s = g.getImageData(0, 0, img.width, img.height).data;
    const t = document.getElementById("canvas").getContext("2d").getImageData(0, 0, n, n).data;
    let blocks = 0, uniform = 0, same = 0, distinct = new Set();
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
      const px = (dx, dy) => { const i = ((2 * y + dy) * img.width + 2 * x + dx) * 4; return [s[i], s[i + 1], s[i + 2]]; };
      const q = [px(0, 0), px(1, 0), px(0, 1), px(1, 1)];
      const ti = (y * n + x) * 4;
      blocks++;
      if (q.every((p) => p.join() === q[0].join())) uniform++;
      if (q[0].every((v, k) => Math.abs(v - t[ti + k]) <= 2)) same++;
      distinct.add(q[0].join());
    }
    return { w: img.width, blocks, uniform, same, distinct: distinct.size };
  }, shot, n);
  check(res.uniform === res.blocks && res.same === res.blocks && res.distinct > 10,
        `2x zoom: each of ${res.blocks} texture pixels covers a 2x2 block of its colour ` +
        `(${res.uniform} uniform, ${res.same} matching, ${res.distinct} colours)`);
  await page.click('input[name=zoom][value="fit"]');
}

// Full size: the page's pixels are those `dapple render` makes of the edited preset.
async function fullSize(page, file, gen) {
  await page.click("#full");
  await page.waitForFunction((g) => {
    const c = document.getElementById("canvas");
    return c.dataset.size === "full" && Number(c.dataset.gen) > g && document.body.dataset.state === "ready";
  }, { timeout: 120000 }, gen);
  const dir = mkdtempSync(join(tmpdir(), "preview-test-"));
  const out = join(dir, "render.png");
  const sets = (await page.evaluate(() => editLines())).flatMap((l) => ["--set", l]);
  execFileSync(resolve(process.env.DAPPLE || "build/dapple"), ["render", file, "-o", out, "--quiet", ...sets]);
  const b64 = readFileSync(out).toString("base64");
  rmSync(dir, { recursive: true });
  const res = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height), g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const r = g.getImageData(0, 0, img.width, img.height).data;
    const k = document.getElementById("canvas");
    const p = k.getContext("2d").getImageData(0, 0, k.width, k.height).data;
    let diff = 0;
    for (let i = 0; i < r.length; i++) diff += r[i] !== p[i];
    return { rw: img.width, rh: img.height, pw: k.width, ph: k.height, diff: r.length === p.length ? diff : -1 };
  }, b64);
  check(res.rw === res.pw && res.rh === res.ph && res.diff === 0,
        `full size: ${res.pw}x${res.ph}, the pixels of dapple render (${res.rw}x${res.rh}, ${res.diff} bytes differ)`);
  await page.click("#full");
  return page.waitForFunction(() => document.getElementById("canvas").dataset.size === "preview" &&
                                    document.body.dataset.state === "ready", { timeout: 120000 })
    .then(() => page.$eval("#canvas", (c) => Number(c.dataset.gen)));
}

async function seedPaletteAndAB(page, gen) {
  const seedOf = () => page.$eval('.row[data-key="texture.seed"] input[type=text]', (t) => t.value);
  const seed0 = await seedOf(), pic0 = await canvasData(page);
  await page.click("#new-seed");
  gen = await rendered(page, gen, "texture");
  await ready(page);
  const seed1 = await seedOf();
  check(seed1 !== seed0 && /^[0-9]+$/.test(seed1), `new seed: the seed changed (${seed0} -> ${seed1})`);
  const pic1 = await canvasData(page);
  check(pic1 !== pic0, "new seed: the picture changed");
  // a palette: a colour picker per colour, which rewrites its entry of the list
  const pickers = await page.$$('.row[data-key="stones.colours"] .palette input[type=color]');
  check(pickers.length >= 2, `stones.colours has a colour picker per colour (${pickers.length})`);
  await pickers[0].evaluate((c) => { c.value = "#ff0000"; c.dispatchEvent(new Event("input")); });
  const list = await page.$eval('.row[data-key="stones.colours"] input[type=text]', (t) => t.value);
  check(/^#ff0000, /.test(list), `the picker rewrote the first colour of the list (${list})`);
  gen = await rendered(page, gen, "texture");
  await ready(page);
  const edited = await canvasData(page);
  check(edited !== pic1, "the palette's new colour shows in the picture");
  // A/B: the saved file's picture, and the two side by side
  await page.click('input[name=ab][value=saved]');
  await page.waitForFunction(() => document.getElementById("canvas").dataset.ab === "saved" &&
                                   document.body.dataset.state === "ready", { timeout: 60000 });
  const saved = await canvasData(page);
  check(saved !== edited, "B shows the saved file, not the edit");
  await page.click('input[name=ab][value=split]');
  await page.waitForFunction(() => document.getElementById("canvas").dataset.ab === "split");
  const [w, h] = await canvasSize(page);
  const px = (data, x, y) => page.evaluate(async (d, x, y) => {
    const img = new Image();
    img.src = d;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height), g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    return Array.from(g.getImageData(x, y, 1, 1).data).join();
  }, data, x, y);
  let left = 0, right = 0, rows = 0;
  for (let y = 5; y < h; y += Math.floor(h / 12), rows++) {
    left += (await pixel(page, 3, y)).join() === (await px(edited, 3, y)) ? 1 : 0;
    right += (await pixel(page, w - 3, y)).join() === (await px(saved, w - 3, y)) ? 1 : 0;
  }
  check(left === rows && right === rows,
        `A|B: the edit on the left, the saved file on the right (${left}, ${right} of ${rows} rows)`);
  await page.click('input[name=ab][value=edit]');
  await page.waitForFunction(() => document.getElementById("canvas").dataset.ab === "edit");
  check((await canvasData(page)) === edited, "A shows the edit again");
}

async function test(url, file) {
  const before = readFileSync(file, "utf8");
  const browser = await launch();
  const page = await browser.newPage();
  page.setDefaultTimeout(60000); // a loaded 2-core machine renders slowly
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewport({ width: 1200, height: 900 });
  await page.goto(url);
  let gen = await rendered(page, 0, "texture");
  // the token became an HttpOnly cookie: gone from the address bar, unseen by scripts
  check(!page.url().includes("token=") && !(await page.evaluate(() => document.cookie)).includes("dapple"),
        `the token left the address (${page.url()}) and no script reads its cookie`);
  await ready(page);
  check(true, "the page says data-state=ready once the picture is drawn");
  const first = await canvasData(page);
  const [w, h] = await canvasSize(page);
  check(w > 16 && h > 16, `the texture is drawn (${w}x${h})`);
  const layout = await page.evaluate(async () => (await fetch("/api/layout")).json());
  const viewNames = await page.$$eval("input[name=view]", (rs) => rs.map((r) => r.value));
  check(layout.views.every((v) => viewNames.some((n) => n === v.name || n.startsWith(`${v.name}:`))),
        `a view for every output of /api/layout (${viewNames.join(", ")})`);
  await groupsAndSearch(page, before);
  // a layer's panel has the keys its style reads, and no other
  const section = (process.env.KEY || "stones.aspect").split(".")[0];
  check((await page.$(`.row[data-key="${section}.bevel"]`)) !== null &&
        (await page.$(`.row[data-key="${section}.stamp"]`)) === null,
        `the ${section} panel shows bevel (ellipses read it), not stamp (only stamps do)`);

  // a slider the preset sets (KEY, e.g. stones.aspect): click near its right end, as a user would
  const row = await page.$(`.row[data-key="${process.env.KEY || "stones.aspect"}"]`);
  const key = await row.evaluate((r) => r.dataset.key);
  const slider = await row.$("input[type=range]");
  await slider.scrollIntoView();
  const box = await slider.boundingBox();
  const oldValue = await row.$eval("input[type=text]", (t) => t.value);
  await page.mouse.click(box.x + box.width * 0.93, box.y + box.height / 2);
  if (process.env.DEBUG_SHOT) await page.screenshot({ path: process.env.DEBUG_SHOT });
  gen = await rendered(page, gen, "texture");
  const newValue = await row.$eval("input[type=text]", (t) => t.value);
  check(newValue !== oldValue, `the slider of ${key} changed its value (${oldValue} -> ${newValue})`);
  check(await row.evaluate((r) => r.classList.contains("changed")), `${key} is marked changed`);
  check((await canvasData(page)) !== first, "the picture changed with the slider");
  check(await page.$eval("#canvas", (c) => Number(c.dataset.quickGen || 0) > 0),
        "a quick pass showed first (pebbles' exact picture takes longer than the quick budget)");

  // 2x2 tiling: twice the size, four equal quarters
  await page.click("#tile");
  await page.waitForFunction(() => document.getElementById("canvas").dataset.tiled === "true");
  const [tw, th] = await canvasSize(page);
  check(tw === 2 * w && th === 2 * h, `tiling doubles the canvas (${tw}x${th})`);
  const a = await pixel(page, 5, 7), b = await pixel(page, w + 5, h + 7);
  check(a.join() === b.join(), "the tiles are copies of the texture");
  await page.click("#tile");
  await page.waitForFunction(() => document.getElementById("canvas").dataset.tiled === "false");
  await zoomTwice(page);
  gen = await fullSize(page, file, gen);

  // the lit normal map: the light follows the mouse
  await page.click("input[name=view][value=lit]");
  gen = await rendered(page, gen, "lit");
  const cbox = await (await page.$("#canvas")).boundingBox();
  await page.mouse.move(cbox.x + 2, cbox.y + 2);
  const litA = await canvasData(page);
  await page.mouse.move(cbox.x + cbox.width - 2, cbox.y + cbox.height - 2);
  const litB = await canvasData(page);
  check(litA !== litB, "moving the mouse moves the light");

  // a mask view
  const masks = await page.$$eval("input[name=view]", (rs) => rs.map((r) => r.value).filter((v) => v.startsWith("mask:")));
  check(masks.length >= 4, `a view per mask kind (${masks.join(", ")})`);
  await page.click(`input[name=view][value="${masks[0]}"]`);
  gen = await rendered(page, gen, masks[0]);
  check(true, `the ${masks[0]} view renders`);

  // a bad value: the error stands beside its control, in the CLI's words
  const text = await row.$("input[type=text]");
  await text.click({ clickCount: 3 });
  await text.type("abc");
  await text.press("Enter");
  await page.waitForFunction((k) => {
    const e = document.querySelector(`.row[data-key="${k}"] .err`);
    return e && e.textContent.length > 0;
  }, { timeout: 60000 }, key);
  const err = await row.$eval(".err", (e) => e.textContent);
  check(/expected a number in \[.*\], got 'abc'/.test(err), `the error is shown beside ${key}: ${err}`);
  await text.click({ clickCount: 3 });
  await text.type(newValue);
  await text.press("Enter");
  gen = await rendered(page, gen, masks[0]);

  // save: the file differs in that one line
  await page.click("#save");
  await page.waitForFunction(() => document.getElementById("save-msg").textContent === "saved");
  const after = readFileSync(file, "utf8");
  const bl = before.split("\n"), al = after.split("\n");
  const diff = bl.map((l, i) => (l !== al[i] ? i : -1)).filter((i) => i >= 0);
  check(bl.length === al.length && diff.length === 1, `saving changed one line (${diff.length} differ)`);
  const k = key.split(".")[1];
  check(diff.length === 1 && al[diff[0]].startsWith(k) && al[diff[0]].includes(newValue),
        `the changed line is '${diff.length ? al[diff[0]] : ""}'`);
  check((await page.$$(".row.changed")).length === 0, "after saving, nothing is marked changed");
  // the file edited elsewhere: the page reads it again
  // the key's own line, in its own section (an earlier layer may set the same key)
  const own = new RegExp(`(\\[layer ${section}\\][\\s\\S]*?\\n${k} = )[^\\n]*`);
  writeFileSync(file + ".new", after.replace(own, (m, pre) => pre + "0.5"));
  renameSync(file + ".new", file);
  await page.waitForFunction((k) => {
    const t = document.querySelector(`.row[data-key="${k}"] input[type=text]`);
    return t && t.value === "0.5";
  }, { timeout: 60000 }, key);
  check(true, `an edit of the file on disk shows on the page (${key} = 0.5)`);
  await page.click("input[name=view][value=texture]");
  gen = await rendered(page, gen, "texture");
  await ready(page);
  await seedPaletteAndAB(page, gen);
  check(errors.length === 0, `no script errors on the page (${errors.join("; ")})`);
  await browser.close();
}

const args = process.argv.slice(2);
try {
  if (args[0] === "--screenshot") await screenshot(args[1], args[2]);
  else await test(args[0], args[1]);
} catch (e) {
  failed++;
  console.log(`FAIL: ${e.stack || e}`);
}
if (args[0] !== "--screenshot") console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
