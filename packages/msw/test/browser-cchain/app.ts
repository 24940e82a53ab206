// A wallet page run in Chromium by browser-cchain.test.ts: the msw service worker serves the
// avanode handlers in simulated-network mode (seed 42), a C-chain included; the page funds its key's
// EVM account through the control API, moves AVAX C → P with @avanode/wallet's transfer over
// @avanode/client, delegates 25 AVAX (the local minimum) of the imported funds, then moves AVAX back, while the page advances the network's clock. It reports the
// balances the node answered and what the wallet says it imported and paid; the test asserts
// them. There is no node behind the page: every answer comes from the worker.
import { setupWorker } from 'msw/browser';
import { createClient } from '@avanode/client';
import { createWallet, keyAddress } from '@avanode/wallet';
import { createHandlers, unhandledRequests } from '@avanode/msw';

const KEY = new Uint8Array(32).fill(0x65);
const AVAX = 1_000_000_000n;
const report: Record<string, unknown> = {};
const client = createClient({ url: location.origin, retry: false });

async function control(action: string, body: unknown = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`/_avanode/${action}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
async function rpc(path: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result?: unknown }).result;
}

async function main() {
  const worker = setupWorker(...createHandlers({ network: { seed: 42 } }));
  await worker.start({ ...unhandledRequests('error'), quiet: true });
  const evm = keyAddress(KEY, 12345, 'EVM');
  const pAddress = keyAddress(KEY, 12345, 'P');
  const wallet = createWallet({ client, keys: [KEY] });
  const cBalance = async () => BigInt((await rpc('/ext/bc/C/rpc', 'eth_getBalance', [evm, 'latest'])) as string);
  const pBalance = async () => BigInt(((await rpc('/ext/bc/P', 'platform.getBalance', { addresses: [pAddress] })) as { balance: string }).balance);
  report.funded = await control('fund', { address: evm, amount: String(35n * AVAX) });
  const pBefore = await pBalance();
  const cBefore = await cBalance();
  // The page moves the clock: each transfer waits for its blocks.
  const ticking = setInterval(() => void control('advance', { ms: 2000 }), 30);
  try {
    const toP = await wallet.transfer({ from: 'C', to: 'P', amount: 30n * AVAX });
    report.toP = { imported: String(toP.imported), exportFee: String(toP.fees.export), cSpent: String(cBefore - (await cBalance())), pGained: String((await pBalance()) - pBefore) };
    // Delegate from the imported funds to a current validator, ending two days from the chain's time.
    const { validators } = (await rpc('/ext/bc/P', 'platform.getCurrentValidators', {})) as { validators: Array<{ nodeID: string; endTime: string }> };
    const { timestamp } = (await rpc('/ext/bc/P', 'platform.getTimestamp', {})) as { timestamp: string };
    const end = BigInt(Math.floor(Date.parse(timestamp) / 1000)) + 2n * 86_400n;
    const validator = validators.find((v) => BigInt(v.endTime) > end + 86_400n)!;
    const pBeforeDelegation = await pBalance();
    const delegated = await wallet.delegate({ nodeID: validator.nodeID, amount: 25n * AVAX, end });
    report.delegated = { status: delegated.status, fee: String(delegated.fee), pSpent: String(pBeforeDelegation - (await pBalance())) };
    const toC = await wallet.transfer({ from: 'P', to: 'C', amount: AVAX });
    report.toC = { imported: String(toC.imported), cAfter: String(await cBalance()) };
  } finally {
    clearInterval(ticking);
  }
  const out = document.createElement('pre');
  out.id = 'report';
  out.textContent = JSON.stringify(report);
  document.body.append(out);
}

main().catch((error: unknown) => {
  const out = document.createElement('pre');
  out.id = 'failure';
  out.textContent = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  document.body.append(out);
});
