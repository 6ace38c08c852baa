// What other modules may use of integrations: the realm finds a service account's client by its
// client id and checks its secret against the stored digest.
export { serviceAccountOfClient, usableSecretHash } from './repository.ts';
export { secretMatches } from './secrets.ts';
