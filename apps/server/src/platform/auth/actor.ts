import type { FastifyRequest } from 'fastify';

/** Who acts and from where: what the audit log records of every change and security event. */
export interface Actor {
  companyId: number;
  /** Null for an event with nobody signed in (a failed sign-in). */
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  /**
   * Who acted when no person did, as the log shows the author (an identity provider's
   * provisioning: 'SCIM'); a person's name is read from their record instead.
   */
  name?: string | undefined;
}

/** The actor of a request: the signed-in person (if any) of a company, with the request's address. */
export function actorOf(
  request: FastifyRequest,
  person: { companyId: number; userId: number | null },
): Actor {
  return actorAt(person, { ip: request.ip, userAgent: request.headers['user-agent'] });
}

/** The actor of an event a service sees without a request (sign-in, password reset): who, from where. */
export function actorAt(
  person: { companyId: number; userId: number | null },
  origin: { ip?: string | null | undefined; userAgent?: string | null | undefined },
): Actor {
  return {
    companyId: person.companyId,
    userId: person.userId,
    ip: origin.ip ?? null,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
  };
}
