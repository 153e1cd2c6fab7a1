import { SANDBOX_FORM_MESSAGES } from '@waymark/domain';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox provider's hosted card form: card number, expiry and CVC, then (for 4000 0025
 * 0000 3155) a confirmation step. It speaks the postMessage contract of
 * `SANDBOX_FORM_MESSAGES` with the page that frames it; opened on its own it shows a Pay button.
 * Its script is a file of its own (SANDBOX_FORM_SCRIPT), the intent's data a JSON block: the
 * Content-Security-Policy runs no inline script.
 */
export function sandboxFormHtml(input: {
  intentId: string;
  secret: string;
  kind: 'payment' | 'setup';
  amount: number;
  status: string;
}) {
  const config = JSON.stringify({
    intent: input.intentId,
    secret: input.secret,
    status: input.status,
    messages: SANDBOX_FORM_MESSAGES,
  }).replace(/</g, '\\u003c');
  const what =
    input.kind === 'setup'
      ? 'Save a card'
      : `Pay $${(input.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card details</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px system-ui,sans-serif;margin:0;padding:12px;color:#1f2937;background:#fff}
label{display:block;font-weight:600;margin:8px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #d1d5db;border-radius:6px;font:inherit}
.row{display:flex;gap:8px}.row>div{flex:1}
.error{color:#b91c1c;margin-top:8px;min-height:1em}
.note{color:#6b7280;font-size:12px;margin-top:6px}
button{margin-top:10px;padding:8px 14px;border-radius:6px;border:0;background:#2563eb;color:#fff;font:inherit;cursor:pointer}
button.secondary{background:#e5e7eb;color:#111827}
[hidden]{display:none!important}
</style></head>
<body>
<form id="card" novalidate>
  <div class="note">Sandbox card form · ${escape(what)}</div>
  <label for="number">Card number</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34"></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div>
  </div>
  <button id="pay" type="submit" hidden>Pay</button>
</form>
<section id="confirm" hidden>
  <p><strong>Confirm this payment</strong></p>
  <p>Your bank asks you to confirm it (sandbox confirmation step).</p>
  <button id="approve" type="button">Complete authentication</button>
  <button id="deny" type="button" class="secondary">Fail authentication</button>
</section>
<div id="error" class="error" role="alert"></div>
<script type="application/json" id="config">${config}</script>
<script src="/api/sandbox-pay/form.js"></script>
</body></html>`;
}

/** The card form's script, served as /api/sandbox-pay/form.js. */
export const SANDBOX_FORM_SCRIPT = `const config = JSON.parse(document.getElementById('config').textContent);
const framed = window.parent !== window;
const form = document.getElementById('card');
const error = document.getElementById('error');
const confirmStep = document.getElementById('confirm');
if (!framed) document.getElementById('pay').hidden = false;
function tell(message) {
  if (framed) window.parent.postMessage(message, '*');
}
function result(status, message) {
  tell({ type: config.messages.result, status, intent_id: config.intent, message: message || null });
  if (!framed && status === 'succeeded') error.textContent = 'Done.';
}
async function call(path, body) {
  const response = await fetch('/api/sandbox-pay/intents/' + encodeURIComponent(config.intent) + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(Object.assign({ client_secret: config.secret }, body)),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.message || 'The card could not be processed.');
  return json.data;
}
function settle(intent) {
  if (intent.status === 'requires_action') {
    form.hidden = true;
    confirmStep.hidden = false;
    return;
  }
  confirmStep.hidden = true;
  form.hidden = false;
  if (intent.status === 'succeeded') return result('succeeded');
  error.textContent = intent.error || 'The card could not be processed.';
  result('failed', error.textContent);
}
let busy = false;
async function submit() {
  if (busy) return;
  busy = true;
  error.textContent = '';
  const [month, year] = String(form.expiry.value).split('/').map((v) => parseInt(v, 10));
  try {
    settle(await call('/confirm', {
      number: form.number.value,
      exp_month: month || 0,
      exp_year: year < 100 ? 2000 + year : year || 0,
      cvc: form.cvc.value,
    }));
  } catch (e) {
    error.textContent = e.message;
    result('failed', e.message);
  } finally {
    busy = false;
  }
}
async function authenticate(approve) {
  try {
    settle(await call('/authenticate', { approve }));
  } catch (e) {
    error.textContent = e.message;
    result('failed', e.message);
  }
}
form.addEventListener('submit', (event) => { event.preventDefault(); submit(); });
document.getElementById('approve').addEventListener('click', () => authenticate(true));
document.getElementById('deny').addEventListener('click', () => authenticate(false));
window.addEventListener('message', (event) => {
  if (event.data && event.data.type === config.messages.submit) submit();
});
if (config.status === 'requires_action') settle({ status: 'requires_action' });
tell({ type: config.messages.ready });
`;
