import { afterEach, describe, expect, it } from 'vitest';
import { assertJava, JavaMissingError } from '../../infra/local/dynamodb-local.ts';
import { DEFAULT_ADMIN, readLocalSettings } from '../../infra/local/environment.ts';

const originalPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = originalPath;
});

describe('npm start settings', () => {
  it('defaults to port 3000, .data and the printed local admin', () => {
    expect(readLocalSettings({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '.data',
      admin: { ...DEFAULT_ADMIN, fromEnvironment: false },
    });
  });

  it('takes PORT, DATA_DIR, ADMIN_EMAIL and ADMIN_PASSWORD from the environment', () => {
    expect(readLocalSettings({ PORT: '4100', DATA_DIR: '/tmp/x', ADMIN_EMAIL: 'ops@resort.in', ADMIN_PASSWORD: 'long enough' })).toMatchObject({
      port: 4100,
      dataDir: '/tmp/x',
      admin: { email: 'ops@resort.in', password: 'long enough', fromEnvironment: true },
    });
  });

  it('refuses a bad port, e-mail or short password with a message naming the variable', () => {
    expect(() => readLocalSettings({ PORT: 'eighty' })).toThrow(/^PORT must be a port number/);
    expect(() => readLocalSettings({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/^ADMIN_EMAIL must be an e-mail address/);
    expect(() => readLocalSettings({ ADMIN_PASSWORD: 'short' })).toThrow('ADMIN_PASSWORD must be at least 8 characters');
  });

  it('says in one line how to install Java when it is missing', () => {
    process.env.PATH = '/nonexistent';
    expect(() => assertJava()).toThrow(JavaMissingError);
    try {
      assertJava();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).toMatch(/Java 17.*apt-get install -y openjdk-17-jre-headless/);
    }
  });
});
