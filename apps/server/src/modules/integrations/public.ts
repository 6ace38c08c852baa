// What other modules may use of integrations: the realm finds a service account's client by its
// client id and checks its secret against the stored digest; any module publishes what happened in
// a customer's fleet to that customer's webhooks.
export { publishWebhooks, type WebhookItem, type WebhookPublisher } from './publish.ts';
export { serviceAccountOfClient, usableSecretHash } from './repository.ts';
export { secretMatches } from './secrets.ts';
