import { describe, expect, it } from 'vitest';
import {
  faultXml,
  methodCallXml,
  methodResponseXml,
  parseMethodCall,
  parseMethodResponse,
  XmlRpcFault,
} from './xmlrpc.ts';

describe('XML-RPC codec', () => {
  it('round-trips a call with strings, numbers, booleans, arrays and structs', () => {
    const params = [
      '1',
      'wr<it>er',
      'p&ss',
      { title: 'Résumé — שלום', description: '<p>a & b</p>', n: 3.5 },
      false,
      [1, 'x'],
    ];
    expect(parseMethodCall(methodCallXml('metaWeblog.newPost', params))).toEqual({
      method: 'metaWeblog.newPost',
      params,
    });
  });

  it('reads results, bare text values and faults', () => {
    expect(parseMethodResponse(methodResponseXml([{ blogid: '1', isAdmin: true }]))).toEqual([
      { blogid: '1', isAdmin: true },
    ]);
    expect(
      parseMethodResponse(
        '<?xml version="1.0"?>\n<methodResponse>\n <params><param><value>42</value></param></params></methodResponse>',
      ),
    ).toBe('42');
    expect(() => parseMethodResponse(faultXml(403, 'Bad login'))).toThrow(XmlRpcFault);
    expect(() => parseMethodResponse('<html>oops</html>')).toThrow(/XML-RPC/);
  });
});
