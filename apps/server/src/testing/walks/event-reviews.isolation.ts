import type { IsolationWalk, WalkContext } from '../walks.ts';

/**
 * B's event under review (on B's device, seeded by the device link's walk), assigned to B's
 * manager, with a coaching note for an operator of B not yet acknowledged.
 */
async function seed({ insert, b }: WalkContext): Promise<void> {
  b.coachedOperator = await insert(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
                            license_received_on, license_valid_till, license_location, phone)
     VALUES ($1, 'OTHER-OP-R', 'Otherside', 'Coachee', '1980-01-01', 'Otherside Street 9', 'OTHER-LIC-R',
             '2000-01-01', '2040-01-01', 'Otherside', '099998') RETURNING id`,
    [b.customer],
  );
  b.reviewedEvent = await insert(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, operator_id, time, type, lat, lng,
                                speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, camera_ids, clips_pending,
                                video_status, review_state, assignee_id)
     VALUES ($1, 'otherco-reviewed-1', $2, $3, $4, now() - interval '2 hours', 'Impact', 35.1, 139.1, 8, 90,
             -0.9, 0.1, 1, 0, 0, 0, 0, '{}', false, 1, 'needs-coaching', $5)
     RETURNING id`,
    [b.device, b.customer, b.vehicle ?? null, b.coachedOperator, b.user],
  );
  b.coachingNote = await insert(
    `INSERT INTO event_coaching_notes (event_id, customer_id, operator_id, operator_name, note, author_id, author_name)
     VALUES ($1, $2, $3, 'otherco-coached-operator', 'otherco-coaching-note', $4, 'otherco-coach') RETURNING id`,
    [b.reviewedEvent, b.customer, b.coachedOperator, b.user],
  );
}

export const walk: IsolationWalk = {
  // Before the events walk's own pattern: these paths name the event under review.
  objects: [[/^\/api\/v1\/events\/\{id\}\/review/, 'reviewedEvent']],
  params: { noteId: 'coachingNote' },
  seed,
  bodies: (b) => ({
    'POST /api/v1/events/{id}/review/state': { state: 'coached' },
    // B's own manager: the event's reviewer could only be one of B's users.
    'PUT /api/v1/events/{id}/review/assignee': { assignee_id: b.user },
    'POST /api/v1/events/{id}/review/notes': { note: 'taken over' },
    'POST /api/v1/events/{id}/review/notes/{noteId}/acknowledgement': {},
  }),
  markers: () => ['otherco-coaching-note', 'otherco-coached-operator', 'otherco-coach', 'otherco-reviewed-1'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(n ORDER BY n.id) FROM event_coaching_notes n WHERE n.customer_id = $1) AS notes,
              (SELECT json_agg(json_build_object('id', e.id, 'state', e.review_state, 'assignee', e.assignee_id,
                                                 'excluded', e.excluded) ORDER BY e.id)
                 FROM device_events e WHERE e.customer_id = $1) AS reviews`,
      [b.customer],
    ),
};
