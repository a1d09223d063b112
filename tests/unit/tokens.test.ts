import { describe, expect, it, vi } from 'vitest';
import { jwtVerify, SignJWT } from 'jose';
import { TokenInvalidError, TokenService } from '@server/platform/tokens';

vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) };
});

const secret = 'unit-secret-unit-secret-unit-secret-unit';

describe('TokenService', () => {
  it('issues a token whose claims verify', async () => {
    const tokens = new TokenService(secret, 3600);
    const token = await tokens.issue({ userId: 'u1', role: 'dj', typ: 'user', tokenVersion: 3 });
    const claims = await tokens.verify(token);
    expect(claims).toMatchObject({ sub: 'u1', role: 'dj', typ: 'user', ver: 3 });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.act).toBeUndefined();
  });

  it('carries the acting admin on an emulation token', async () => {
    const tokens = new TokenService(secret, 3600);
    const token = await tokens.issue({ userId: 'u1', role: 'dj', typ: 'user', tokenVersion: 0, actor: { id: 'admin1', tokenVersion: 4 } });
    await expect(tokens.verify(token)).resolves.toMatchObject({ act: { sub: 'admin1', ver: 4 } });
  });

  it('refuses a tampered token', async () => {
    const tokens = new TokenService(secret, 3600);
    const token = await tokens.issue({ userId: 'u1', role: 'dj', typ: 'user', tokenVersion: 0 });
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.role = 'admin';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    await expect(tokens.verify(tampered)).rejects.toThrow(new TokenInvalidError('Invalid access_token'));
  });

  it('refuses a token signed with another secret or another algorithm', async () => {
    const tokens = new TokenService(secret, 3600);
    const other = await new TokenService('another-secret-another-secret-another-s', 3600).issue({ userId: 'u1', role: 'admin', typ: 'user', tokenVersion: 0 });
    await expect(tokens.verify(other)).rejects.toThrow('Invalid access_token');
    const hs512 = await new SignJWT({ role: 'admin', typ: 'user', ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u1')
      .setIssuer('cuepoint')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    await expect(tokens.verify(hs512)).rejects.toThrow('Invalid access_token');
  });

  it('reports an expired token as expired, also once it is cached', async () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = new TokenService(secret, 60, 10, () => now);
    const token = await tokens.issue({ userId: 'u1', role: 'dj', typ: 'user', tokenVersion: 0 });
    await tokens.verify(token);
    now += 61_000;
    await expect(tokens.verify(token)).rejects.toThrow('access_token expired');
    await expect(tokens.verify(token)).rejects.toThrow('access_token expired');
  });

  it('answers a verified token from the cache without a promise, until it expires', async () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = new TokenService(secret, 60, 10, () => now);
    const token = await tokens.issue({ userId: 'u1', role: 'dj', typ: 'user', tokenVersion: 0 });
    expect(tokens.verifyCached(token)).toBeUndefined();
    const claims = await tokens.verify(token);
    expect(tokens.verifyCached(token)).toBe(claims);
    now += 61_000;
    expect(() => tokens.verifyCached(token)).toThrow('access_token expired');
    expect(tokens.verifyCached(token)).toBeUndefined();
  });

  it('keeps the most recently used verified tokens, up to the cache size', async () => {
    const tokens = new TokenService(secret, 3600, 2);
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map((userId) => tokens.issue({ userId, role: 'dj', typ: 'user', tokenVersion: 0 })),
    );
    await tokens.verify(a!);
    await tokens.verify(b!);
    await tokens.verify(a!);
    await tokens.verify(c!);
    const verifications = vi.mocked(jwtVerify);
    verifications.mockClear();
    await expect(tokens.verify(a!)).resolves.toMatchObject({ sub: 'a' });
    expect(verifications).not.toHaveBeenCalled();
    await expect(tokens.verify(b!)).resolves.toMatchObject({ sub: 'b' });
    expect(verifications).toHaveBeenCalledTimes(1);
  });
});
