/**
 * deploy/prometheus/ checked by Prometheus's own tool: the alert rules load (`promtool check rules`) and fire on the
 * series they are written for (`promtool test rules`), the scrape configuration loads (`promtool check config`), a
 * live /metrics of the real app passes `promtool check metrics` with no problem at all, and every metric the rules
 * read is one that /metrics really exports. promtool comes with Debian's `prometheus` package; without it the test
 * is skipped with a warning.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

const promtoolInstalled = spawnSync('promtool', ['--version']).status === 0;
if (!promtoolInstalled) console.warn('\n!!! Prometheus checks SKIPPED: promtool is not installed (apt-get install -y prometheus) !!!\n');

const DIR = path.resolve(import.meta.dirname, '../../deploy/prometheus');
const TOKEN = 'prometheus-scrape-token-0123456789';

function promtool(args: string[], input?: string) {
  const run = spawnSync('promtool', args, { cwd: DIR, input, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe.skipIf(!promtoolInstalled)('Prometheus configuration (deploy/prometheus)', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let scrape: string;

  beforeAll(async () => {
    // With SMTP_URL the mail outbox's gauges exist too (captured mail has no outbox).
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (s, _session, done) => s.resume().on('end', () => done()),
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    t = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${port}` });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Some traffic, so that the counters and the guess histogram carry samples: a refused guess, a page, a 404.
    await fetch(`${address}/api/game/attempts/00000000-0000-0000-0000-000000000000/guesses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ guess: 'a cat', guessNumber: 1 }),
    });
    await fetch(`${address}/api/config`);
    await fetch(`${address}/api/nothing-here`);
    const response = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    scrape = await response.text();
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('the alert rules load and each fires on the series it is written for', () => {
    const checked = promtool(['check', 'rules', 'alerts.yml']);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toContain('SUCCESS');
    const tested = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(tested.status, tested.output).toBe(0);
  });

  it('the scrape configuration loads (with its token file in place)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gg-prometheus-'));
    try {
      await writeFile(path.join(dir, 'token'), TOKEN);
      const config = (await readFile(path.join(DIR, 'prometheus.yml'), 'utf8')).replaceAll(
        '/etc/prometheus/gg-metrics-token',
        path.join(dir, 'token'),
      );
      await writeFile(path.join(dir, 'prometheus.yml'), config);
      await writeFile(path.join(dir, 'alerts.yml'), await readFile(path.join(DIR, 'alerts.yml')));
      const checked = promtool(['check', 'config', path.join(dir, 'prometheus.yml')]);
      expect(checked.status, checked.output).toBe(0);
      expect(checked.output).toContain('SUCCESS: 12 rules found');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a live /metrics passes promtool check metrics with no problem', () => {
    expect(scrape).toContain('gg_guess_duration_seconds_count{outcome="refused"} 1');
    const checked = promtool(['check', 'metrics'], scrape);
    expect(checked.output.trim()).toBe('');
    expect(checked.status).toBe(0);
  });

  it('every metric the rules and the Grafana dashboard read is exported by /metrics', async () => {
    const rules = await readFile(path.join(DIR, 'alerts.yml'), 'utf8');
    const dashboard = JSON.parse(await readFile(path.join(DIR, 'grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const texts = [rules, ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr))].join('\n');
    const read = new Set([...texts.matchAll(/\bgg_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')));
    const exported = new Set([...scrape.matchAll(/^# TYPE (\S+) /gm)].map(([, name]) => name));
    // The PostgreSQL pool exists only on PostgreSQL.
    if (t.database.kind !== 'postgres') read.delete('gg_db_pool_connections');
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
    expect(read.size).toBeGreaterThanOrEqual(14);
  });

  it('the readiness and capacity gauges read the instance', () => {
    for (const check of ['database', 'scorer', 'draining']) expect(scrape).toContain(`gg_ready_check{check="${check}"} 1`);
    expect(scrape).toMatch(/^gg_scorer_queue_limit 48$/m);
    expect(scrape).toMatch(/^gg_live_viewers_limit 5000$/m);
    expect(scrape).toMatch(/^gg_mail_outbox_oldest_seconds 0$/m);
    expect(scrape).toMatch(/^gg_http_responses_total\{code="404"\} 1$/m);
    expect(scrape).toMatch(/^gg_http_responses_total\{code="401"\} 1$/m);
  });
});
