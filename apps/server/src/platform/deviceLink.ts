// The device link as every module sees it (platform.deviceLink): where devices connect, sending
// what waits for a device, and the hooks other modules hang on it — committed device messages,
// commands sent, the signer of video-upload addresses. The device-link module provides the link
// (`provide`, once); the hooks are kept here, so a module may register before or after it, and
// app.ts refuses to start if no module provided it. Without the link (MQTT off) commands stay
// queued and no hook is called.

/** Sends what waits for a device now if it is online; otherwise it waits for the device's return. */
export interface DeviceCommands {
  sendPending(devicePk: string): Promise<void>;
}

/** What a committed batch of device messages brought that other modules act on. */
export interface CommittedBatch {
  /** new positions (a resent one is not new), with their device */
  positions: readonly {
    device: { pk: string; customerId: string; vehicleId: string | null };
    body: { time: string; lat: number; lng: number; speed: number; direction: number };
  }[];
  /** new events, with their record ids */
  events: readonly { eventId: string }[];
  /** commands the devices answered */
  acks: readonly string[];
}

/**
 * A signed PUT address for a video-upload's object, made each time the command goes out: a
 * one-time address under a key of its own, like `objectKey` (platform/uploads.ts).
 */
export type SignUpload = (objectKey: string, commandId: string) => Promise<{ url: string; expiresAt: Date }>;

/** What the device-link module hands over when it registers. */
export interface ProvidedLink {
  /** Where devices connect: the embedded broker's address, or MQTT_URL; undefined if neither runs. */
  url: string | undefined;
  commands: DeviceCommands;
  /** Publishes to a device's topic as the server; undefined while no broker is joined. */
  publish: ((topic: string, payload: string) => Promise<void>) | undefined;
}

/** What the device-link module calls: the hooks the other modules registered, whenever they did. */
export interface LinkHooks {
  committed(batch: CommittedBatch): void;
  /** A device came online: the listeners queue what it must get on each connection; never throws. */
  online(devicePk: string): Promise<void>;
  sent(commandIds: string[]): void;
  /** undefined while no module signs uploads: video-upload commands stay queued */
  readonly signUpload: SignUpload | undefined;
}

export interface DeviceLink {
  /** Where devices connect; undefined while the link does not run on this server. */
  readonly url: string | undefined;
  readonly commands: DeviceCommands;
  /**
   * Publishes a message as it is to a device's topic, unqueued and unrecorded: for tests of what
   * a device does with it. Modules send commands through `commands`. False without a broker.
   */
  publish(topic: string, payload: string): Promise<boolean>;
  /** Told after each committed batch of device messages; must not throw. */
  onCommitted(listener: (batch: CommittedBatch) => void): void;
  /**
   * Tells the committed listeners of events a module made itself after a batch (zone breaches), as
   * if a batch had brought them: the events module pushes them and asks for their clips.
   */
  eventsMade(eventIds: readonly string[]): void;
  /**
   * Told when a device comes online, before what waits for it is sent: a module queues there what
   * a device gets on every connection (the zones' speed limits). Awaited; must not throw.
   */
  onDeviceOnline(listener: (devicePk: string) => Promise<void>): void;
  /** Told which commands went out to their devices; must not throw. */
  onCommandsSent(listener: (commandIds: string[]) => void): void;
  /** Sets the one signer of video-upload addresses (a second is refused). */
  signUploads(signer: SignUpload): void;
  /** The device-link module's side, once: the link, in return for the hooks. */
  provide(link: ProvidedLink): LinkHooks;
}

/** The platform's member; app.ts asks `provided` once every module registered. */
export function createDeviceLink(): DeviceLink & { readonly provided: boolean } {
  let provided: ProvidedLink | undefined;
  let signer: SignUpload | undefined;
  const committed: ((batch: CommittedBatch) => void)[] = [];
  const sent: ((commandIds: string[]) => void)[] = [];
  const online: ((devicePk: string) => Promise<void>)[] = [];
  const hooks: LinkHooks = {
    committed: (batch) => {
      for (const listener of committed) listener(batch);
    },
    online: async (devicePk) => {
      for (const listener of online) await listener(devicePk);
    },
    sent: (ids) => {
      for (const listener of sent) listener(ids);
    },
    get signUpload() {
      return signer;
    },
  };
  return {
    get provided() {
      return provided !== undefined;
    },
    get url() {
      return provided?.url;
    },
    commands: {
      // Before the link is provided, as without it: the command waits (the link's sweep sends it).
      sendPending: async (devicePk) => provided?.commands.sendPending(devicePk),
    },
    publish: async (topic, payload) => {
      if (!provided?.publish) return false;
      await provided.publish(topic, payload);
      return true;
    },
    onCommitted: (listener) => void committed.push(listener),
    eventsMade: (ids) => {
      if (ids.length > 0)
        hooks.committed({ positions: [], events: ids.map((eventId) => ({ eventId })), acks: [] });
    },
    onDeviceOnline: (listener) => void online.push(listener),
    onCommandsSent: (listener) => void sent.push(listener),
    signUploads: (next) => {
      if (signer) throw new Error('video-upload addresses already have a signer');
      signer = next;
    },
    provide: (link) => {
      if (provided) throw new Error('the device link is provided twice');
      provided = link;
      return hooks;
    },
  };
}
