import { beforeEach, describe, expect, it } from 'vitest';
import { session } from './session';

describe('imitation in the stored session (issue 35.1)', () => {
  beforeEach(() => window.localStorage.clear());

  it("gives the admin's account back when the imitation ends", () => {
    session.setToken('admin');
    session.setAccountId(3);
    session.beginImitation(42);
    session.setImitationToken('imitated');
    expect(session.accountId()).toBe(42);

    session.endImitation();
    expect(session.accountId()).toBe(3);
    expect(session.bearer()).toBe('admin');
    expect(session.isImitating()).toBe(false);
  });

  it("forgets the imitated user's account when the admin had none open", () => {
    session.beginImitation(42);
    session.setImitationToken('imitated');
    session.endImitation();
    expect(session.accountId()).toBeNull();
  });

  it('leaves the account of a session that was not imitating alone', () => {
    session.setAccountId(5);
    session.endImitation();
    expect(session.accountId()).toBe(5);
  });
});
