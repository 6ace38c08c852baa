-- The vehicle list filters a customer's vehicles by type, installation type or maintenance mode
-- and then sorts a page (issue 4 benchmark: 10,000 vehicles in one customer). These indexes let
-- those filters visit only the matching rows instead of every vehicle of the customer.
CREATE INDEX vehicles_customer_type_idx ON vehicles (customer_id, vehicle_type);
CREATE INDEX vehicles_customer_installation_idx ON vehicles (customer_id, installation_type);
CREATE INDEX vehicles_maintenance_idx ON vehicles (customer_id) WHERE maintenance_mode;
