import { describe, expect, it } from 'vitest';
import { StreamAdmission } from './leaderboard-admission';

const anonymous = (key: string) => ({ kind: 'anonymous' as const, key });
const player = (key: string) => ({ kind: 'player' as const, key });
const organizer = (key: string) => ({ kind: 'organizer' as const, key });

describe('StreamAdmission', () => {
  it('counts accounts only minutes old on their address, with the anonymous viewers; older accounts are not', () => {
    const admission = new StreamAdmission({ maxPerAccount: 8, maxAnonymousPerAddress: 3 });
    const young = (key: string) => ({ kind: 'player' as const, key, youngFrom: '203.0.113.9' });
    expect(admission.admit(anonymous('203.0.113.9'))).toBeDefined();
    const releaseYoung = admission.admit(young('new-1'));
    expect(releaseYoung).toBeDefined();
    expect(admission.admit(young('new-2'))).toBeDefined();
    expect(admission.admit(young('new-3'))).toBeUndefined();
    expect(admission.admit(anonymous('203.0.113.9'))).toBeUndefined();
    expect(admission.admit(player('old-1'))).toBeDefined();
    expect(admission.admit({ kind: 'player', key: 'new-4', youngFrom: '198.51.100.1' })).toBeDefined();
    releaseYoung!();
    releaseYoung!();
    expect(admission.admit(anonymous('203.0.113.9'))).toBeDefined();
    expect(admission.admit(anonymous('203.0.113.9'))).toBeUndefined();
  });

  it('caps a signed-in account, not the address it shares with others', () => {
    const admission = new StreamAdmission({ maxPerAccount: 2 });
    expect(admission.admit(player('s1'))).toBeDefined();
    expect(admission.admit(player('s1'))).toBeDefined();
    expect(admission.admit(player('s1'))).toBeUndefined();
    expect(admission.admit(player('s2'))).toBeDefined();
  });

  it('lets anonymous viewers fill only their share, keeps room for players, and a reserve for organizers', () => {
    const admission = new StreamAdmission({ maxStreams: 20, anonymousShare: 0.5, organizerReserve: 2, maxAnonymousPerAddress: 1 });
    let anonymousAdmitted = 0;
    for (let i = 0; i < 50; i++) if (admission.admit(anonymous(`10.0.0.${i}`))) anonymousAdmitted++;
    expect(anonymousAdmitted).toBe(10);
    let players = 0;
    for (let i = 0; i < 50; i++) if (admission.admit(player(`p${i}`))) players++;
    expect(players).toBe(8); // 20 − 10 anonymous − 2 reserved
    expect(admission.admit(organizer('booth'))).toBeDefined();
    expect(admission.admit(organizer('console'))).toBeDefined();
    expect(admission.admit(organizer('third'))).toBeUndefined();
  });

  it('never caps an organizer account: one account drives several booth screens and consoles', () => {
    const admission = new StreamAdmission({ maxStreams: 100, maxPerAccount: 2 });
    let admitted = 0;
    for (let i = 0; i < 20; i++) if (admission.admit(organizer('booth-account'))) admitted++;
    expect(admitted).toBe(20);
  });

  it('gives a slot back once, however often release is called', () => {
    const admission = new StreamAdmission({ maxStreams: 10, maxPerAccount: 1 });
    const release = admission.admit(player('s'))!;
    release();
    release();
    expect(admission.open).toBe(0);
    expect(admission.admit(player('s'))).toBeDefined();
  });
});
