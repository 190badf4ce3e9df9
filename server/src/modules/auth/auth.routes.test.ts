import { engines, signupMember, useTestApp } from '../../../test/helpers';

describe.each(engines)('auth routes (%s)', (engine) => {
  const t = useTestApp(engine);

  describe('POST /api/auth/signup', () => {
    it('creates an account that can then sign in', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.com', password: 'longenough1' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ status: 'SUCCESS', message: 'User registered successfully' });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'grace@example.com', password: 'longenough1' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ status: 'SUCCESS', message: 'Login successful' });
      expect(typeof login.json().token).toBe('string');
    });

    it('trims spaces around the email (README: emails are trimmed), at sign-up and at sign-in', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'Ann', lastName: 'Spaces', email: '  Ann.Spaces@Example.com \t', password: 'longenough1' },
      });
      expect(res.statusCode).toBe(201);
      const row = await t.db.selectFrom('users').select('email').where('last_name', '=', 'Spaces').executeTakeFirstOrThrow();
      expect(row.email).toBe('ann.spaces@example.com');
      for (const email of ['ann.spaces@example.com', ' ANN.spaces@example.com  ']) {
        const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'longenough1' } });
        expect(login.statusCode).toBe(200);
      }
    });

    it('refuses a taken email (any case) with 409', async () => {
      const m = await signupMember(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'X', lastName: 'Y', email: m.email.toUpperCase(), password: 'longenough1' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Email is already registered', message: 'Email is already registered', code: 'email-taken' });
    });

    it('names the missing or invalid field', async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { lastName: 'Y', email: 'a@b.co', password: 'longenough1' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('First name is required.');
      const badEmail = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'X', lastName: 'Y', email: 'nope', password: 'longenough1' },
      });
      expect(badEmail.json().error).toBe('Email must be a valid email address.');
      const short = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'X', lastName: 'Y', email: 'a@b.co', password: 'short' },
      });
      expect(short.json().error).toBe('Password must be at least 8 characters.');
    });

    it('stores an argon2id hash, never the password', async () => {
      const m = await signupMember(t.app);
      const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', m.userId).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(m.password);
    });
  });

  describe('POST /api/auth/login', () => {
    it('refuses a wrong password or unknown email with 401 FAILED', async () => {
      const m = await signupMember(t.app);
      for (const payload of [
        { email: m.email, password: 'wrong-password' },
        { email: 'nobody@example.com', password: 'whatever1' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          status: 'FAILED',
          error: 'Invalid email or password',
          message: 'Invalid email or password',
          code: 'bad-credentials',
        });
      }
    });

    it('keeps status FAILED on a validation error', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'FAILED', error: 'Password is required.', message: 'Password is required.', code: 'invalid' });
    });
  });
});
