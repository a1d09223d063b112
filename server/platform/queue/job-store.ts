import { and, asc, eq, getTableColumns, inArray, lt, lte, min, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { dialectOf, skipLocked } from '@db/portable-sql';
import { changedRows, firstRow, type Db } from '@db/store';

/** The store's async database (the app's, or a test's own store on its file). */
export type QueueDb = Db;
/** Inside the store's transaction `tx` and `db` are the same object: a settle hook writes through it. */
export type QueueTx = Db;

/** A kind's persisted jobs: one row each in a table of its own, described by the columns the queue runs on. */
export interface JobTable {
  table: SQLiteTable;
  id: SQLiteColumn;
  status: SQLiteColumn;
  /** When a waiting job may be claimed (a UTC ISO string). */
  dueAt: SQLiteColumn;
  /** Attempts so far, counted when a job is claimed (so an attempt cut off by a crash counts). */
  attempts: SQLiteColumn;
  /** The status of a job waiting for its first or next attempt. */
  waiting: string;
  /**
   * How a claim shows: a status of its own with the claim time (a claim older than the lease is abandoned and claimed
   * again), or, when unset, the due time moved one lease ahead (the job keeps its waiting status meanwhile).
   */
  claimed?: { status: string; at: SQLiteColumn };
  /** Only jobs that also match this are claimed and counted (e.g. their webhook is switched on). */
  claimable?: SQL;
}

export interface ClaimedJob {
  id: string | number;
  /** Attempts so far, this one included. */
  attempts: number;
  /** What marks the row as held by this claim; a settle changes the row only while it still carries it. */
  claim: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The one place that reads and writes a kind's queue state; every other column belongs to the kind. */
export class JobStore {
  private readonly keys: { status: string; dueAt: string; attempts: string; claimedAt: string | null };

  constructor(
    private readonly db: QueueDb,
    readonly spec: JobTable,
    private readonly leaseMs: number,
  ) {
    const columns = Object.entries(getTableColumns(spec.table));
    const keyOf = (column: SQLiteColumn) => {
      const found = columns.find(([, candidate]) => candidate === column);
      if (!found) throw new Error(`job table: column ${column.name} is not a column of the table`);
      return found[0];
    };
    this.keys = {
      status: keyOf(spec.status),
      dueAt: keyOf(spec.dueAt),
      attempts: keyOf(spec.attempts),
      claimedAt: spec.claimed ? keyOf(spec.claimed.at) : null,
    };
  }

  /**
   * Due waiting jobs and abandoned claims, the earliest due first, marked as claimed so that two workers never claim
   * the same row. SQLite: the select and the update in one IMMEDIATE transaction (its write lock is taken before the
   * read). PostgreSQL: one statement outside any transaction, its select taking `FOR UPDATE SKIP LOCKED`, so workers
   * on other instances claim the rows beside it at once instead of waiting for it or failing a serializable check.
   */
  async claim(limit: number, now: number): Promise<ClaimedJob[]> {
    const { table, id, status, dueAt, attempts, waiting, claimed, claimable } = this.spec;
    const due = and(eq(status, waiting), lte(dueAt, iso(now)));
    const abandoned = claimed && and(eq(status, claimed.status), lt(claimed.at, iso(now - this.leaseMs)));
    const claim = claimed ? iso(now) : iso(now + this.leaseMs);
    const mark: Record<string, unknown> = claimed ? { [this.keys.status]: claimed.status, [this.keys.claimedAt!]: claim } : { [this.keys.dueAt]: claim };
    mark[this.keys.attempts] = sql`${attempts} + 1`;
    const eligible = and(abandoned ? or(due, abandoned) : due, claimable);
    const dueFirst = [asc(dueAt), asc(id)] as const;

    if (dialectOf(this.db) === 'postgres') {
      // The picked rows keep the due time they had, so the claim answers them in the order they came due.
      const picked = this.db.$with('picked').as(
        skipLocked(
          this.db
            .select({ pickedId: sql<string | number>`${id}`.as('picked_id'), pickedDue: sql<string>`${dueAt}`.as('picked_due') })
            .from(table)
            .where(eligible)
            .orderBy(...dueFirst)
            .limit(limit),
        ),
      );
      const rows = (await this.db
        .with(picked)
        .update(table)
        .set(mark)
        .from(picked)
        .where(eq(id, picked.pickedId))
        .returning({ id, attempts, due: picked.pickedDue })) as { id: string | number; attempts: number; due: string }[];
      rows.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return rows.map((row) => ({ id: row.id, attempts: row.attempts, claim }));
    }

    return this.db.transaction(async (tx) => {
      const ids = ((await tx.select({ id }).from(table).where(eligible).orderBy(...dueFirst).limit(limit)) as { id: string | number }[]).map((row) => row.id);
      if (!ids.length) return [];
      const rows = (await tx.update(table).set(mark).where(inArray(id, ids)).returning({ id, attempts })) as { id: string | number; attempts: number }[];
      const attemptsOf = new Map(rows.map((row) => [row.id, row.attempts]));
      return ids.map((jobId) => ({ id: jobId, attempts: attemptsOf.get(jobId)!, claim }));
    });
  }

  /** The row still carries this claim (no lease takeover, redelivery or removal since). */
  private stillClaimed(job: ClaimedJob): SQL {
    const { id, status, dueAt, waiting, claimed } = this.spec;
    return claimed
      ? and(eq(id, job.id), eq(status, claimed.status), eq(claimed.at, job.claim))!
      : and(eq(id, job.id), eq(status, waiting), eq(dueAt, job.claim))!;
  }

  /**
   * Records a settled attempt in one transaction: the kind's columns, plus the queue's own (a retry waits again until
   * `retryAt`; every outcome releases the claim), then `more` inside the same transaction. Nothing is written when the
   * row no longer carries the claim; answers what `more` answered, or null then.
   */
  async settle<R>(job: ClaimedJob, columns: Record<string, unknown>, retryAt: number | null, more: (tx: QueueTx) => Promise<R>): Promise<{ result: R } | null> {
    const set: Record<string, unknown> = { ...columns };
    if (retryAt !== null) {
      set[this.keys.status] = this.spec.waiting;
      set[this.keys.dueAt] = iso(retryAt);
    }
    if (this.keys.claimedAt) set[this.keys.claimedAt] = null;
    return this.db.transaction(async () => {
      const updated = await changedRows(this.db.update(this.spec.table).set(set).where(this.stillClaimed(job)));
      return updated === 0 ? null : { result: await more(this.db) };
    });
  }

  /** When the earliest waiting job comes due (epoch ms), if any. */
  async nextDueAt(): Promise<number | null> {
    const { table, status, dueAt, waiting, claimable } = this.spec;
    const next = (await firstRow(this.db.select({ at: min(dueAt) }).from(table).where(and(eq(status, waiting), claimable)))) as { at: string | null } | undefined;
    return next?.at ? Date.parse(next.at) : null;
  }

  /** Jobs not settled yet: waiting, retrying or being attempted. */
  async openCount(): Promise<number> {
    const { table, status, waiting, claimed, claimable } = this.spec;
    const open = claimed ? inArray(status, [waiting, claimed.status]) : eq(status, waiting);
    const row = (await firstRow(this.db.select({ count: sql<number>`count(*)` }).from(table).where(and(open, claimable)))) as { count: number } | undefined;
    return row?.count ?? 0;
  }
}
