// The preview page in a real browser (Debian's chromium, headless, driven by puppeteer-core):
//   node preview_test.mjs URL PRESET_FILE        the test: prints "N passed, N failed"
//   node preview_test.mjs --screenshot URL OUT   a screenshot of the page (docs/preview.md)
// URL is a running `dapple preview PRESET_FILE`. The test changes a slider and sees the
// picture change, tiles it 2x2, lights the normal map from two mouse positions, saves, and
// checks that the file changed in that one line.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
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
    args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--hide-scrollbars"],
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
    await rendered(page, 0, "texture");
    // the time a render took differs from run to run: not in the picture
    await page.$eval("#status", (s) => { s.textContent = ""; });
    await page.screenshot({ path: out });
  } finally {
    await browser.close();
  }
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
  const first = await canvasData(page);
  const [w, h] = await canvasSize(page);
  check(w > 16 && h > 16, `the texture is drawn (${w}x${h})`);
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

  // 2x2 tiling: twice the size, four equal quarters
  await page.click("#tile");
  await page.waitForFunction(() => document.getElementById("canvas").dataset.tiled === "true");
  const [tw, th] = await canvasSize(page);
  check(tw === 2 * w && th === 2 * h, `tiling doubles the canvas (${tw}x${th})`);
  const a = await pixel(page, 5, 7), b = await pixel(page, w + 5, h + 7);
  check(a.join() === b.join(), "the tiles are copies of the texture");
  await page.click("#tile");
  await page.waitForFunction(() => document.getElementById("canvas").dataset.tiled === "false");

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
