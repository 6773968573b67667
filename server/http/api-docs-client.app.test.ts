/**
 * The OpenAPI document as an outside developer uses it: it passes a standard validator (@apidevtools/swagger-parser),
 * it describes better-auth's routes, and a client that knows nothing but the document (paths, methods, parameters,
 * request and response schemas, checked with Ajv) signs a player up, confirms the address with the mailed code,
 * names the player, starts a challenge and has a guess scored, over real HTTP.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPack, writePack } from '../../tests/support/game';
import { createPlayer, mailedCode } from '../../tests/support/players';
import { createTestApp, TEST_ORIGIN, type TestApp, uniqueEmail } from '../../tests/support/test-app';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A generic client over an OpenAPI document: every call must name an operation the document has, and match it. */
function documentClient(document: OpenAPIV3.Document, baseUrl: string) {
  // OpenAPI 3.0 schemas: `nullable` is Ajv's own; formats are not checked (the server's schemas check them).
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  let cookie = '';
  const check = (schema: object | undefined, value: unknown, what: string) => {
    if (!schema) return;
    const validate = ajv.compile(schema);
    if (!validate(value)) throw new Error(`${what} does not match the document: ${ajv.errorsText(validate.errors)}`);
  };
  return {
    async call(method: Method, template: string, options: { params?: Record<string, string>; body?: unknown } = {}) {
      const operation = document.paths[template]?.[method] as OpenAPIV3.OperationObject | undefined;
      if (!operation) throw new Error(`${method.toUpperCase()} ${template} is not in the document`);
      const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const url = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
        if (!parameter) throw new Error(`the document does not declare the path parameter ${name} of ${template}`);
        const value = options.params?.[name];
        if (value === undefined) throw new Error(`missing path parameter ${name}`);
        check(parameter.schema as object, value, `path parameter ${name}`);
        return encodeURIComponent(value);
      });
      const headers: Record<string, string> = { origin: TEST_ORIGIN };
      if (cookie) headers.cookie = cookie;
      let body: string | undefined;
      if (options.body !== undefined) {
        const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json'];
        if (!content) throw new Error(`${method.toUpperCase()} ${template} takes no JSON body in the document`);
        check(content.schema as object, options.body, `the body of ${method.toUpperCase()} ${template}`);
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      const response = await fetch(`${baseUrl}${url}`, { method: method.toUpperCase(), headers, body, redirect: 'manual' });
      const setCookies = response.headers.getSetCookie();
      if (setCookies.length > 0) {
        const jar = new Map(cookie ? cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]) : []);
        for (const line of setCookies) {
          const [pair] = line.split(';');
          const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
          jar.set(name, value);
        }
        cookie = [...jar]
          .filter(([, value]) => value !== '')
          .map(([name, value]) => `${name}=${value}`)
          .join('; ');
      }
      const text = await response.text();
      const json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
      const documented = (operation.responses[String(response.status)] ?? operation.responses.default) as
        | OpenAPIV3.ResponseObject
        | undefined;
      if (!documented)
        throw new Error(`${method.toUpperCase()} ${template} answered ${response.status}, which the document does not list: ${text}`);
      check(documented.content?.['application/json']?.schema as object | undefined, json, `the ${response.status} answer of ${template}`);
      return { status: response.status, json };
    },
  };
}

describe('the OpenAPI document, whole', () => {
  let t: TestApp;
  let baseUrl: string;
  let document: OpenAPIV3.Document;

  beforeAll(async () => {
    t = await createTestApp();
    await importPack(t, (await writePack({ count: 2 })).dir);
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
    const response = await fetch(`${baseUrl}/api/docs/openapi.json`, { headers: { cookie: organizer.cookie } });
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenAPIV3.Document;
  }, 180_000);
  afterAll(() => t.close());

  it('passes a standard OpenAPI validator', async () => {
    // validate() dereferences in place: hand it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document.openapi).toBe('3.0.3');
  });

  it('describes the authentication routes from their own schemas', () => {
    const operations = [
      ['post', '/api/auth/sign-up/email'],
      ['post', '/api/auth/sign-in/email'],
      ['post', '/api/auth/sign-out'],
      ['post', '/api/auth/email-otp/verify-email'],
      ['get', '/api/auth/verify-email'],
      ['post', '/api/auth/send-verification-email'],
      ['post', '/api/auth/request-password-reset'],
      ['post', '/api/auth/reset-password'],
      ['get', '/api/auth/get-session'],
      ['post', '/api/auth/update-user'],
      ['post', '/api/auth/change-password'],
    ] as const;
    expect(operations.filter(([method, path]) => !document.paths[path]?.[method])).toEqual([]);
    const signUp = document.paths['/api/auth/sign-up/email']?.post?.requestBody as OpenAPIV3.RequestBodyObject;
    const schema = signUp.content['application/json'].schema as OpenAPIV3.SchemaObject;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    const verify = document.paths['/api/auth/email-otp/verify-email']?.post?.requestBody as OpenAPIV3.RequestBodyObject;
    expect(Object.keys((verify.content['application/json'].schema as OpenAPIV3.SchemaObject).properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'otp']),
    );
    expect(document.tags?.map((tag) => tag.name)).toContain('auth');
  });

  it("is the same on the readable page's document; better-auth's own generator and reference page are not served", async () => {
    const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
    const page = await fetch(`${baseUrl}/api/docs/json`, { headers: { cookie: organizer.cookie } });
    expect(Object.keys(((await page.json()) as OpenAPIV3.Document).paths)).toEqual(Object.keys(document.paths));
    for (const path of ['/api/auth/open-api/generate-schema', '/api/auth/reference'])
      expect((await fetch(`${baseUrl}${path}`, { headers: { cookie: organizer.cookie } })).status, path).toBe(404);
    expect(Object.keys(document.paths).filter((path) => path.includes('open-api') || path.endsWith('/reference'))).toEqual([]);
  });

  it('is enough for a generated client to sign a player up and have a guess scored', async () => {
    const client = documentClient((await SwaggerParser.dereference(structuredClone(document) as never)) as OpenAPIV3.Document, baseUrl);
    const email = uniqueEmail();
    expect(
      (await client.call('post', '/api/auth/sign-up/email', { body: { email, password: 'correct horse battery', name: '' } })).status,
    ).toBe(200);
    // The code arrives by mail (captured on this machine in development).
    const mails = (await (await fetch(`${baseUrl}/dev/mail.json`)).json()) as Array<{ to: string; text: string }>;
    const code = mailedCode(mails.find((mail) => mail.to === email)?.text ?? '');
    expect(code).toMatch(/^\d{6}$/);
    expect((await client.call('post', '/api/auth/email-otp/verify-email', { body: { email, otp: code } })).status).toBe(200);
    const session = await client.call('get', '/api/auth/get-session');
    expect(session.json?.user?.email).toBe(email);

    expect((await client.call('put', '/api/profile', { body: { displayName: `Docs${Date.now() % 100000}` } })).status).toBe(200);
    const started = await client.call('post', '/api/game/start');
    expect(started.status).toBe(201);
    const attemptId = started.json.attempt.id as string;
    const guessed = await client.call('post', '/api/game/attempts/{attemptId}/guesses', {
      params: { attemptId },
      body: { guess: 'a cat on a red sofa', guessNumber: 1, idempotencyKey: `docs-client-${Date.now()}-key` },
    });
    expect(guessed.status).toBe(200);
    expect(guessed.json.guessNumber).toBe(1);
    expect(guessed.json.attempt.guesses).toHaveLength(1);
    expect(typeof guessed.json.attempt.guesses[0].score).toBe('number');

    expect((await client.call('post', '/api/auth/sign-out', { body: {} })).status).toBe(200);
    expect((await client.call('get', '/api/auth/get-session')).json).toBeNull();
  });
});
