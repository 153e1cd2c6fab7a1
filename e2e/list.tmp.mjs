import { chromium } from '@playwright/test';
const [,, email, ...paths] = process.argv;
const base = 'http://localhost:8500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--enable-unsafe-swiftshader'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const r = await fetch(base + '/api/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo1234' }) });
const { data: { token } } = await r.json();
await page.goto(base + '/404');
await page.evaluate((t) => localStorage.setItem('waymark.token', t), token);
for (const path of paths) {
  const t0 = Date.now();
  await page.goto(base + path);
  await page.waitForLoadState('networkidle').catch(()=>{});
  await page.waitForTimeout(1500);
  const controls = await page.evaluate(() => {
    const sel = 'button, a[href], [role=button], [role=link], [role=tab], [role=menuitem], [role=checkbox], [role=switch], [role=radio], input[type=checkbox], input[type=radio], [role=combobox], select, summary';
    return [...document.querySelectorAll(sel)].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
    }).map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute('role') ?? el.type ?? ''}] "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
  });
  console.log(`== ${path} -> ${page.url()} (${Date.now() - t0} ms) ${controls.length} controls`);
  const counts = new Map(); for (const c of controls) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const [c, n] of counts) console.log('   ', n > 1 ? `${n}x` : '  ', c);
}
await browser.close();
