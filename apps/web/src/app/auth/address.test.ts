import { describe, expect, it } from 'vitest';
import { consoleAddress } from './address';

const config = {
  consoleUrl: 'http://localhost:8080',
  consoleOrigins: ['http://localhost:8080', 'http://localhost:5173'],
};
const at = (href: string) => {
  const url = new URL(href);
  return { origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('consoleAddress', () => {
  it('sends a console opened at another address to its own, keeping the route', () => {
    expect(consoleAddress(config, at('http://127.0.0.1:8080/#/vehicles?page=2'))).toBe(
      'http://localhost:8080/#/vehicles?page=2',
    );
  });

  it('leaves a console at one of its origins where it is', () => {
    expect(consoleAddress(config, at('http://localhost:8080/#/dashboard'))).toBeNull();
    expect(consoleAddress(config, at('http://localhost:5173/'))).toBeNull();
  });

  it('leaves it alone when the server names no address (an older server)', () => {
    expect(consoleAddress({}, at('http://127.0.0.1:8080/'))).toBeNull();
  });
});
