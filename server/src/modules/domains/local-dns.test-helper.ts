import dns2 from 'dns2';

/**
 * A real DNS server on 127.0.0.1 (dns2, UDP, a free port) answering TXT questions from a map the
 * test changes: the custom-domain checks talk DNS to it exactly as to a public resolver, and no
 * test ever asks a real one (issue 32). A name not in the map is NXDOMAIN.
 */
export interface LocalDns {
  /** 'host:port' for DOMAIN_DNS_SERVERS / dnsTxtLookup. */
  server: string;
  txt: Map<string, string[]>;
  /** When set, every answer is SERVFAIL (a resolver in trouble). */
  failing: boolean;
  close: () => Promise<void>;
}

export async function startLocalDns(): Promise<LocalDns> {
  const { Packet } = dns2;
  // dns2's types lag its code: RCODE and plain-object answers are what its encoder takes.
  const RCODE = (Packet as unknown as { RCODE: { SERVFAIL: number; NXDOMAIN: number } }).RCODE;
  const state = { txt: new Map<string, string[]>(), failing: false };
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? state.txt.get(question.name.toLowerCase()) : undefined;
      if (state.failing) response.header.rcode = RCODE.SERVFAIL;
      else if (!values) response.header.rcode = RCODE.NXDOMAIN;
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
  const dns: LocalDns = {
    server: `127.0.0.1:${addresses.udp?.port ?? 0}`,
    get txt() {
      return state.txt;
    },
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    close: () => server.close(),
  };
  return dns;
}
