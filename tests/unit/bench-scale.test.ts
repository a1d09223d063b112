import { describe, expect, it } from 'vitest';
import { countStatements, databaseOf, parseProcessStat } from '../../bench/scale-postgres';
import { tipProblem, trpcData } from '../../bench/scale-workload';

describe('bench:scale PostgreSQL figures', () => {
  const log = [
    '2026-11-27 06:54:41.785 UTC [9226] bench_postgres LOG:  execute <unnamed>: select "id" from "users" where "users"."id" = $1',
    "2026-11-27 06:54:41.785 UTC [9226] bench_postgres DETAIL:  parameters: $1 = 'EwlBE3Z_L7DRqMjX'",
    '2026-11-27 06:54:41.797 UTC [9226] bench_postgres LOG:  statement: BEGIN ISOLATION LEVEL SERIALIZABLE',
    '2026-11-27 06:54:41.798 UTC [9226] bench_postgres LOG:  execute <unnamed>: insert into "tips" ("id")',
    '  values ($1)',
    '2026-11-27 06:54:41.802 UTC [9226] bench_postgres LOG:  statement: COMMIT',
    '2026-11-27 06:54:41.803 UTC [9300] bench_postgres_redis LOG:  execute <unnamed>: select 1',
    '2026-11-27 06:54:41.804 UTC [9301] postgres LOG:  statement: SELECT pg_reload_conf()',
    '2026-11-27 06:54:41.805 UTC [9226] bench_postgres ERROR:  could not serialize access due to read/write dependencies among transactions',
    '2026-11-27 06:54:41.805 UTC [9226] bench_postgres STATEMENT:  COMMIT',
    '2026-11-27 06:54:41.806 UTC [9010]  LOG:  checkpoint starting: time',
  ].join('\n');

  it('counts the statements one database got, each once, and none of another database', () => {
    expect(countStatements(log, 'bench_postgres')).toBe(4);
    expect(countStatements(log, 'bench_postgres_redis')).toBe(1);
    expect(countStatements(log, 'postgres')).toBe(1);
    expect(countStatements('', 'bench_postgres')).toBe(0);
  });

  it("reads a process's parent and CPU ticks, whatever its command name holds", () => {
    const stat = '9226 (postgres: bench (x) idle) S 9001 9001 9001 0 -1 4194560 1000 0 0 0 150 25 7 3 20 0 1 0 3524567 3133440 389';
    expect(parseProcessStat(stat)).toEqual({ parent: 9001, own: 175, children: 10 });
  });

  it('names the database of a cluster URL', () => {
    expect(databaseOf('postgres://postgres@127.0.0.1:5433/bench_postgres')).toBe('bench_postgres');
  });
});

describe('bench:scale workload answers', () => {
  it('accepts only a tip whose charge succeeded', () => {
    expect(tipProblem({ result: { data: { status: 'succeeded', paymentId: 'p1' } } })).toBeNull();
    expect(tipProblem({ result: { data: { status: 'requires_payment_method', error: { message: 'Your card was declined.' } } } })).toMatch(/not "succeeded".*declined/);
    expect(tipProblem({ error: { message: 'Too many attempts' } })).toMatch(/undefined, not "succeeded"/);
  });

  it("takes a tRPC answer's data, and says what came back otherwise", () => {
    expect(trpcData('events.latest', 200, { result: { data: { id: 'e1' } } })).toEqual({ id: 'e1' });
    expect(() => trpcData('events.latest', 404, { error: { message: 'Creator not found' } })).toThrow('events.latest answered 404: {"error":{"message":"Creator not found"}}');
    expect(() => trpcData('events.latest', 200, null)).toThrow('events.latest answered 200: null');
  });
});
