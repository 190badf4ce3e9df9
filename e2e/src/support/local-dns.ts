/**
 * Issue 32: a real DNS server on 127.0.0.1 (dns2, UDP, a free port) that answers TXT questions
 * from a map the test fills: the API verifies custom domains against it exactly as against a
 * public resolver, and the suite never asks a real one. Any other name is NXDOMAIN.
 */
import dns2 from 'dns2';

export interface LocalDns {
  /** `127.0.0.1:port`, for DOMAIN_DNS_SERVERS. */
  server: string;
  txt: Map<string, string[]>;
  close: () => Promise<void>;
}

export async function startLocalDns(): Promise<LocalDns> {
  const { Packet } = dns2;
  // dns2's types lag its code: RCODE and plain-object answers are what its encoder takes.
  const RCODE = (Packet as unknown as { RCODE: { NXDOMAIN: number } }).RCODE;
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? txt.get(question.name.toLowerCase()) : undefined;
      if (!values) response.header.rcode = RCODE.NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT) {
        for (const data of values) {
          const answer = { name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data };
          response.answers.push(answer as unknown as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { server: `127.0.0.1:${addresses.udp?.port ?? 0}`, txt, close: () => server.close() };
}
