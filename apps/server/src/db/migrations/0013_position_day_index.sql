-- One vehicle's day (the vehicle map, the drive route's vehicle, the drive summaries) read from the
-- index alone. Positions arrive interleaved from the whole fleet, so one vehicle's day is spread
-- over as many heap pages as it has rows; carrying the columns those reads need in the index turns
-- thousands of page visits into one short index range (npm run bench:route, 50 M rows).
CREATE INDEX device_positions_vehicle_day_idx ON device_positions (vehicle_id, time)
  INCLUDE (customer_id, lat, lng, speed, direction);
DROP INDEX device_positions_vehicle_time_idx;
