import pg from 'pg';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { openPostgres } from './server/db/database';
import { player } from './server/db/schema';
import { creditDeposit } from './server/platform/wallet/cashier-movements';
import { inTransaction } from './server/platform/wallet/ledger';
import { createSeamlessWallet } from './server/platform/wallet/seamless-wallet';
const name = `emerald_prof_${process.pid}`;
const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/test'); await admin.connect(); await admin.query(`CREATE DATABASE ${name}`);
const database = await openPostgres(`postgres://postgres@127.0.0.1:5432/${name}`, 10);
const pool = (database.db as any).$client as pg.Pool; pool.on('error', () => {});
await database.migrate();
const players = await database.db.insert(player).values(Array.from({length:64},(_, i)=>({ username: 'x'+i, email: i+'x@x' }))).returning({ id: player.id });
for (const p of players) await inTransaction(database.db, (tx) => creditDeposit(tx, { paymentId: randomUUID(), playerId: p.id, currency: 'EUR', amount: 100000000n }));
const wallet = createSeamlessWallet(database.db);
const acc = (await pool.query(`SELECT id, player_id FROM wallet_account WHERE (bucket='CASH' AND player_id IS NOT NULL) OR (house='GAME' AND currency='EUR')`)).rows;
const game = acc.find((r: any) => !r.player_id).id; const cash = new Map(acc.filter((r: any) => r.player_id).map((r: any) => [r.player_id, r.id]));
const stats = new Map<string, number[]>();
const orig = pg.Client.prototype.query;
if (!process.env.ONLY_LEDGER) (pg.Client.prototype as any).query = function (...a: any[]) { const t = String(typeof a[0] === 'string' ? a[0] : a[0]?.text).trim().slice(0, 30); const s = performance.now(); const r = (orig as any).apply(this, a); if (r && r.then) r.then(() => { const arr = stats.get(t) ?? []; arr.push(performance.now() - s); stats.set(t, arr); }, () => {}); return r; };
let seq = 0;
async function raw(p: string, amt: bigint) { const c = await pool.connect(); try { await c.query('BEGIN'); const k = 'raw' + (++seq); const [t] = (await c.query(`INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount) VALUES ($1,$1,'RAW',$2,'EUR',100) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`, [k, p])).rows; const [b] = (await c.query('UPDATE wallet_account SET balance = balance + $1 WHERE id = $2 RETURNING balance', [String(amt), String(cash.get(p))])).rows; await c.query('INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) VALUES ($1,$2,$3,$4),($1,$5,$6,NULL)', [String(t.id), String(cash.get(p)), String(amt), String(b.balance), String(game), String(-amt)]); await c.query('COMMIT'); } finally { c.release(); } }
async function run(label: string, round: (p: string, s: number) => Promise<void>) {
  const h = monitorEventLoopDelay({ resolution: 1 }); h.enable(); const c0 = process.cpuUsage(); stats.clear(); let n = 0; const until = performance.now() + 4000;
  await Promise.all(players.map(async (p) => { while (performance.now() < until) { const s = ++seq; await round(p.id, s); n++; } }));
  h.disable(); const cu = process.cpuUsage(c0); console.log(label, 'rounds/s', n / 4, 'loop delay p50/p99 ms', (h.percentile(50)/1e6).toFixed(1), (h.percentile(99)/1e6).toFixed(1), 'cpu%', ((cu.user+cu.system)/4e4).toFixed(0));
  for (const [k, v] of stats) { v.sort((a, b) => a - b); console.log('   ', k.padEnd(32), 'n', v.length, 'p50', v[Math.floor(v.length / 2)]!.toFixed(2), 'p99', v[Math.floor(v.length * 0.99)]!.toFixed(2)); }
}
for (let i = 0; i < 1; i++) {
if (!process.env.ONLY_LEDGER) await run('raw', async (p) => { await raw(p, -100n); await raw(p, 100n); });
await run('ledger', async (p, s) => { const g = { providerId: 'emerald-studio', playerId: p, currency: 'EUR', amount: 100n, roundId: 'r'+s, gameId: 'g' }; await wallet.debit({ ...g, transactionId: 'd' + s }); await wallet.credit({ ...g, transactionId: 'c' + s }); });
}
(pg.Client.prototype as any).query = orig;
await new Promise(r => setTimeout(r, 50));
await database.close(); await admin.query(`DROP DATABASE ${name} WITH (FORCE)`); await admin.end();
