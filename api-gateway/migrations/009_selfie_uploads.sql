-- Selfie uploads (issue 9): every upload that reaches the image decoder, for the per-registration and per-IP
-- caps. Kept in the database so the caps hold across several gateways on one PostgreSQL.
CREATE TABLE selfie_uploads (
  upload_id       bigserial PRIMARY KEY,
  registration_id uuid NOT NULL,
  ip              text,
  uploaded_at     timestamptz NOT NULL
);
CREATE INDEX selfie_uploads_registration_idx ON selfie_uploads (registration_id);
CREATE INDEX selfie_uploads_ip_idx ON selfie_uploads (ip, uploaded_at);
CREATE INDEX selfie_uploads_uploaded_at_idx ON selfie_uploads (uploaded_at);

-- The sweep of abandoned registrations' and superseded selfies looks files up by registration.
CREATE INDEX stored_files_registration_idx ON stored_files (registration_id) WHERE registration_id IS NOT NULL;
