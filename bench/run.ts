import { AUDIT_FIXTURES } from '../src/simulators/discord/index.js';
import { formatEngineRatio, measureEngineRatio } from './engine-ratio.js';
import { measureServerFigures } from './http/server-figures.js';
import { BENCH_SETTINGS } from './http/settings.js';
import { type BenchResults, RESULTS_PATH, writeResults } from './results.js';
import { auditFixture, contextFor, criticalPath, startSimulator, type AuditRun } from './simulated-audit.js';
import { median, ms, table, verdict } from './stats.js';
import { measurePageBundles } from './web-bundle.js';

/**
 * `npm run bench`: (a) engine speed relative to JSON.parse, (b) REST calls per audit, (c) audit wall
 * time against the simulator with 50 ms per call, in round trips, then (d)–(g) the real server's
 * figures (bench/http), (h) the JavaScript each page loads. Ratios are the results; absolute times are in brackets because they depend
 * on the machine. Everything is also written to bench/results.json.
 */

const LATENCY_MS = 50;
const ROUND_TRIP_GOAL = 10;
/** Issue 8: the 50,000-member guild's full audit. */
const LARGE_ROUND_TRIP_GOAL = 15;
const SMALL_GUILD_MEMBERS = 1000;
/** Timed audits per fixture at 50 ms latency. */
const LATENCY_RUNS = 3;

function membersOf(run: AuditRun): number {
  return run.snapshot.members?.length ?? run.snapshot.guild.approximate_member_count ?? 0;
}

if (BENCH_SETTINGS.partial) {
  await measureServerFigures();
  console.log('\nBENCH_ONLY: only some server sections were measured; nothing written.');
  process.exit(0);
}

let engineResult: BenchResults['engine'] | undefined;
const restCallsPerAudit: BenchResults['restCallsPerAudit'] = [];
const auditRoundTrips: BenchResults['auditRoundTrips'] = [];
const sim = await startSimulator();
try {
  // Unmeasured first pass: builds the fixture guilds (the large one is generated) and counts calls.
  const firstRuns = new Map<string, AuditRun>();
  for (const fixture of AUDIT_FIXTURES) firstRuns.set(fixture.key, await auditFixture(sim, fixture));

  const large = AUDIT_FIXTURES.find((fixture) => fixture.key === 'large');
  const largeRun = large ? firstRuns.get(large.key) : undefined;
  if (!large || !largeRun) throw new Error('The large fixture is missing');
  const engine = measureEngineRatio(largeRun.snapshot, contextFor(large));
  engineResult = { ...engine, fixture: large.key, members: membersOf(largeRun) };
  console.log(formatEngineRatio(large.name, membersOf(largeRun), engine));

  console.log('\n(b) REST calls per audit (simulator request log, reset before each audit)');
  console.log(
    table(
      ['fixture', 'members', 'calls', 'collector says', 'of which member pages', 'audit-log pages'],
      AUDIT_FIXTURES.map((fixture) => {
        const run = firstRuns.get(fixture.key);
        if (!run) return [fixture.key, '?', '?', '?', '?', '?'];
        restCallsPerAudit.push({
          fixture: fixture.key,
          members: membersOf(run),
          calls: run.served,
          memberPages: run.perRoute['GET /guilds/:guildId/members'] ?? 0,
          auditLogPages: run.perRoute['GET /guilds/:guildId/audit-logs'] ?? 0,
        });
        return [
          fixture.key,
          membersOf(run).toLocaleString('en-US'),
          String(run.served),
          String(run.collectorCalls),
          String(run.perRoute['GET /guilds/:guildId/members'] ?? 0),
          String(run.perRoute['GET /guilds/:guildId/audit-logs'] ?? 0),
        ];
      }),
    ),
  );

  console.log(
    `\n(c) Full collect + evaluate with ${LATENCY_MS} ms per REST call, in round trips (wall time / ${LATENCY_MS} ms)`,
  );
  sim.state.latencyMs = LATENCY_MS;
  const rows: string[][] = [];
  for (const fixture of AUDIT_FIXTURES) {
    const runs = LATENCY_RUNS;
    const walls: number[] = [];
    let rateLimited = 0;
    let last: AuditRun | undefined;
    for (let run = 0; run < runs; run += 1) {
      last = await auditFixture(sim, fixture);
      walls.push(last.wallMs);
      rateLimited += last.rateLimited;
    }
    if (!last) continue;
    const wall = median(walls);
    const members = membersOf(last);
    const path = criticalPath(last.perRoute);
    const small = members < SMALL_GUILD_MEMBERS;
    const roundTrips = wall / LATENCY_MS;
    auditRoundTrips.push({
      fixture: fixture.key,
      members,
      roundTrips,
      wallMs: wall,
      chainMinimum: path.roundTrips,
      rateLimited,
    });
    rows.push([
      fixture.key,
      members.toLocaleString('en-US'),
      `${roundTrips.toFixed(1)}  [${ms(wall)}]`,
      String(path.roundTrips),
      path.chain,
      String(rateLimited),
      small
        ? `<= ${ROUND_TRIP_GOAL}: ${verdict(roundTrips <= ROUND_TRIP_GOAL)}`
        : fixture.key === 'large'
          ? `<= ${LARGE_ROUND_TRIP_GOAL}: ${verdict(roundTrips <= LARGE_ROUND_TRIP_GOAL)}`
          : `n/a (>= ${SMALL_GUILD_MEMBERS.toLocaleString('en-US')} members)`,
    ]);
  }
  console.log(
    table(['fixture', 'members', 'round trips', 'chain minimum', 'longest sequential chain', '429s', 'goal'], rows),
  );
  console.log(`    median of ${LATENCY_RUNS} audits per fixture; member lists through the Gateway`);
} finally {
  sim.state.latencyMs = 0;
  await sim.close();
}

const server = await measureServerFigures();
if (engineResult === undefined) throw new Error('The engine figure is missing');
const webPages = measurePageBundles();
await writeResults({ engine: engineResult, restCallsPerAudit, auditRoundTrips, server, webPages });
console.log(`\nWritten to ${RESULTS_PATH}`);
