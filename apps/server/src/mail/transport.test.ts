import { describe, expect, it } from 'vitest';
import { extractLinks } from './transport.js';

describe('extractLinks', () => {
  it('leaves out the punctuation that ends a sentence after a link', () => {
    const text = 'Finish at http://127.0.0.1:3000/signup. Or see https://example.com/a?b=c, https://example.com/x! Done';
    expect(extractLinks(text)).toEqual(['http://127.0.0.1:3000/signup', 'https://example.com/a?b=c', 'https://example.com/x']);
  });
  it('keeps dots inside a link, and lists each link once', () => {
    const text = 'Reset: http://host.example.com/reset-password?token=a.b.c\nAgain: http://host.example.com/reset-password?token=a.b.c.';
    expect(extractLinks(text)).toEqual(['http://host.example.com/reset-password?token=a.b.c']);
  });
});
