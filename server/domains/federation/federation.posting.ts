import type { Context, Federation } from '@fedify/fedify';
import { Note, Tombstone, type Activity } from '@fedify/vocab';
import type { FederationPostKind } from '@db/schema/federation';
import { nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import { claimDelete, claimPost, createActivity, deleteActivity, dueEpisodes, eventObjectOf, postById, postOf, postPaths, subjectOf, toNote, touchPost, updateActivity } from './federation.posts';
import { actorAccount, creatorTagOf } from './federation.service';

/** What posting needs of the runtime: its context on PUBLIC_URL and delivery to a creator's followers. */
export interface PostingRuntime {
  readonly enabled: boolean;
  context(): Context<void>;
  sendToFollowers(userId: string, tag: string, activity: Activity): Promise<number>;
}

/** The creator's posts: Create, Update and Delete of their notes, once each (issue 32, "Posting"). */
export class FederationPoster {
  constructor(
    private readonly runtime: PostingRuntime,
    private readonly services: () => Pick<Services, 'db' | 'config' | 'log'> | null,
    private readonly origin: string,
  ) {}

  /** Episodes whose future publish date has come: posted once (the minute sweep; callable from tests). */
  async postDueEpisodes(): Promise<number> {
    if (!this.runtime.enabled || !this.services()) return 0;
    let posted = 0;
    for (const episode of await dueEpisodes(this.services()!.db, nowIso())) if (await this.post('episode', episode.id)) posted += 1;
    return posted;
  }

  /**
   * Posts an item as a `Create(Note)` to the creator's followers, once (across instances and repeated events):
   * only a public item, while the creator publishes on the Fediverse and the item is not opted out. Answers whether
   * it was posted now.
   */
  async post(kind: FederationPostKind, subjectId: string): Promise<boolean> {
    if (!this.runtime.enabled || !this.services()) return false;
    const { db } = this.services()!;
    const subject = await subjectOf(db, this.origin, kind, subjectId);
    if (!subject?.publish || !subject.optedIn) return false;
    const ctx = this.runtime.context();
    const post = await claimPost(db, ctx, subject);
    if (!post) return false;
    await this.runtime.sendToFollowers(subject.userId, subject.tag, await createActivity(ctx, post, subject));
    this.services()!.log.info({ postId: post.id, kind, subjectId, teaser: post.teaser }, 'federation: posted');
    return true;
  }

  /**
   * An item changed: its note is updated (`Update`), removed (`Delete`: cancelled, deleted, not public any more or
   * opted out), or posted when it was not (a draft made active).
   */
  async postChanged(kind: FederationPostKind, subjectId: string): Promise<void> {
    if (!this.runtime.enabled || !this.services()) return;
    const { db } = this.services()!;
    const existing = await postOf(db, kind, subjectId);
    const subject = await subjectOf(db, this.origin, kind, subjectId);
    if (!existing || existing.deletedAt) {
      if (subject) await this.post(kind, subjectId);
      return;
    }
    if (!subject || !subject.optedIn) {
      await this.deletePost(kind, subjectId);
      return;
    }
    if (!subject.publish) return;
    const ctx = this.runtime.context();
    const post = await touchPost(db, existing, subject);
    await this.runtime.sendToFollowers(subject.userId, subject.tag, await updateActivity(ctx, post, subject));
  }

  /** Removes an item's note: `Delete` with a Tombstone to the followers, once. */
  async deletePost(kind: FederationPostKind, subjectId: string): Promise<void> {
    if (!this.runtime.enabled || !this.services()) return;
    const { db } = this.services()!;
    const post = await postOf(db, kind, subjectId);
    if (!post || post.deletedAt || !(await claimDelete(db, post))) return;
    const tag = await creatorTagOf(db, post.userId);
    await this.runtime.sendToFollowers(post.userId, tag, await deleteActivity(this.runtime.context(), post, tag));
  }

  /** The Event object of an event's post (JSON-LD), or null. */
  async eventObject(tag: string, postId: string): Promise<Record<string, unknown> | null> {
    if (!this.runtime.enabled || !this.services()) return null;
    const { db } = this.services()!;
    const post = await postById(db, postId);
    const account = await actorAccount(this.services()!, tag);
    if (!post || post.deletedAt || !account || account.gone || account.account.id !== post.userId) return null;
    const subject = await subjectOf(db, this.origin, post.kind, post.subjectId);
    return subject ? eventObjectOf(this.runtime.context(), post, subject) : null;
  }

  /** Each post's note answers at its id (a deleted one as a Tombstone), its Event object at the note's `/event`. */
  register(federation: Federation<void>): void {
    const services = () => this.services()!;
    const found = async (identifier: string, id: string) => {
      const post = await postById(services().db, id);
      const account = await actorAccount(services(), identifier);
      if (!post || !account || account.gone || account.account.id !== post.userId) return null;
      return { post, subject: post.deletedAt ? null : await subjectOf(services().db, this.origin, post.kind, post.subjectId) };
    };
    federation.setObjectDispatcher(Note, postPaths.note, async (ctx, values) => {
      const hit = await found(values.identifier, values.id);
      if (!hit) return null;
      if (!hit.subject) return new Tombstone({ id: ctx.getObjectUri(Note, values) }) as unknown as Note;
      return toNote(ctx, hit.post, hit.subject);
    });
  }
}
