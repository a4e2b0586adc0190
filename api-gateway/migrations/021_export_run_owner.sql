-- The gateway holding a user's export slot, by the application_name of its connections (unique per process
-- start): a slot whose gateway has no connection left (it died mid-export) is free at once.
ALTER TABLE export_runs ADD COLUMN owner text;
