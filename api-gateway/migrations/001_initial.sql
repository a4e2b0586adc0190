-- The complete data model of the affiliate portal. Runs unchanged on PGlite and on PostgreSQL 15+.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Roles and rights -------------------------------------------------------------------------------
CREATE TABLE roles (
  role_id      smallint PRIMARY KEY,
  role_name    text NOT NULL UNIQUE,
  show_country boolean NOT NULL DEFAULT false
);

CREATE TABLE rights (
  right_key   text PRIMARY KEY,
  description text NOT NULL DEFAULT ''
);

-- A right held by a role; for affiliates it also depends on the KYC status (NULL: any status).
CREATE TABLE role_rights (
  role_id          smallint NOT NULL REFERENCES roles (role_id),
  affiliate_status text,
  right_key        text NOT NULL REFERENCES rights (right_key),
  UNIQUE (role_id, affiliate_status, right_key)
);

-- Reference data ---------------------------------------------------------------------------------
CREATE TABLE countries (
  country_id          serial PRIMARY KEY,
  country_name        text NOT NULL UNIQUE,
  country_code        text NOT NULL UNIQUE,
  phone_code          text NOT NULL,
  phone_number_length smallint NOT NULL CHECK (phone_number_length BETWEEN 6 AND 15),
  sort_order          integer NOT NULL DEFAULT 0
);

CREATE TABLE banks (
  bank_id   serial PRIMARY KEY,
  bank_name text NOT NULL UNIQUE,
  cbn_code  text NOT NULL UNIQUE
);

-- People who sign in -----------------------------------------------------------------------------
CREATE TABLE users (
  user_id               bigserial PRIMARY KEY,
  full_name             text NOT NULL,
  email                 text NOT NULL,
  password_hash         text,
  role_id               smallint NOT NULL REFERENCES roles (role_id),
  phone_code            text,
  mobile_number         text,
  country_id            integer REFERENCES countries (country_id),
  is_active             boolean NOT NULL DEFAULT true,
  force_password_update boolean NOT NULL DEFAULT false,
  password_changed_at   timestamptz,
  created_on            timestamptz NOT NULL DEFAULT now(),
  updated_on            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_role_created_idx ON users (role_id, created_on DESC, user_id DESC);

-- Affiliates -------------------------------------------------------------------------------------
CREATE SEQUENCE affiliate_code_seq START 100001;

CREATE TABLE affiliates (
  affiliate_id      bigserial PRIMARY KEY,
  user_id           bigint NOT NULL UNIQUE REFERENCES users (user_id),
  affiliate_code    text NOT NULL UNIQUE DEFAULT ('AFF' || nextval('affiliate_code_seq')::text),
  full_name         text NOT NULL,
  email             text NOT NULL,
  country_id        integer NOT NULL REFERENCES countries (country_id),
  phone_code        text NOT NULL,
  mobile_number     text NOT NULL,
  identity_type     text NOT NULL CHECK (identity_type IN ('BVN', 'NIN')),
  nin_or_bvn        text NOT NULL,
  bank_id           integer NOT NULL REFERENCES banks (bank_id),
  account_number    text NOT NULL,
  selfie_image_path text,
  status            text NOT NULL DEFAULT 'KYC Pending'
                    CHECK (status IN ('KYC Complete', 'KYC Pending', 'KYC Rejected', 'Inactive')),
  -- The status an Inactive affiliate returns to when an admin activates it again.
  status_before_inactive text,
  remark            text,
  first_decision_at timestamptz,
  created_date      timestamptz NOT NULL DEFAULT now(),
  updated_date      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX affiliates_email_key ON affiliates (lower(email));
CREATE INDEX affiliates_created_idx ON affiliates (created_date DESC, affiliate_id DESC);
CREATE INDEX affiliates_status_created_idx ON affiliates (status, created_date DESC, affiliate_id DESC);
CREATE INDEX affiliates_search_idx ON affiliates
  USING gin ((lower(affiliate_code || ' ' || full_name || ' ' || email || ' ' || mobile_number)) gin_trgm_ops);
CREATE INDEX affiliates_nin_idx ON affiliates (nin_or_bvn);
CREATE INDEX affiliates_account_idx ON affiliates (bank_id, account_number);
CREATE INDEX affiliates_mobile_idx ON affiliates (phone_code, mobile_number);

-- Same identity seen on another affiliate at registration: recorded for the reviewer, never blocking.
CREATE TABLE affiliate_flags (
  flag_id            bigserial PRIMARY KEY,
  affiliate_id       bigint NOT NULL REFERENCES affiliates (affiliate_id),
  kind               text NOT NULL CHECK (kind IN ('ninOrBVN', 'accountNumber', 'mobileNumber')),
  other_affiliate_id bigint NOT NULL REFERENCES affiliates (affiliate_id),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX affiliate_flags_affiliate_idx ON affiliate_flags (affiliate_id);

-- Kept in step by every write of affiliates.status, so dashboards never count the big table.
CREATE TABLE affiliate_status_counts (
  status text PRIMARY KEY,
  total  bigint NOT NULL DEFAULT 0
);
INSERT INTO affiliate_status_counts (status) VALUES ('KYC Complete'), ('KYC Pending'), ('KYC Rejected'), ('Inactive');

CREATE FUNCTION affiliate_status_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE affiliate_status_counts SET total = total - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE affiliate_status_counts SET total = total + 1 WHERE status = NEW.status;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER affiliates_status_counts_insert_delete AFTER INSERT OR DELETE ON affiliates
  FOR EACH ROW EXECUTE FUNCTION affiliate_status_counts_sync();
CREATE TRIGGER affiliates_status_counts_update AFTER UPDATE OF status ON affiliates
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION affiliate_status_counts_sync();

-- Network: retailers belong to one affiliate; orders are placed by retailers ----------------------
CREATE TABLE retailers (
  retailer_id     bigserial PRIMARY KEY,
  external_id     text NOT NULL UNIQUE,
  retailer_code   text NOT NULL UNIQUE,
  affiliate_id    bigint NOT NULL REFERENCES affiliates (affiliate_id),
  business_name   text NOT NULL,
  fao_name        text NOT NULL,
  fao_mobile_no   text NOT NULL,
  cluster_manager text NOT NULL,
  location        text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX retailers_affiliate_idx ON retailers (affiliate_id, retailer_id);

CREATE TABLE orders (
  order_id         bigserial PRIMARY KEY,
  external_id      text NOT NULL UNIQUE,
  order_code       text NOT NULL UNIQUE,
  retailer_id      bigint NOT NULL REFERENCES retailers (retailer_id),
  affiliate_id     bigint NOT NULL REFERENCES affiliates (affiliate_id),
  order_date       date NOT NULL,
  buyer_name       text NOT NULL,
  order_value      numeric(14, 2) NOT NULL CHECK (order_value >= 0),
  product_category text NOT NULL,
  status           text NOT NULL CHECK (status IN ('Pending', 'Processing', 'Delivered', 'Completed', 'Rejected')),
  fao_name         text NOT NULL,
  fao_mobile_no    text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- Admin list: filter by date range (and status group), newest first, keyset on order_id.
CREATE INDEX orders_date_idx ON orders (order_date DESC, order_id DESC);
CREATE INDEX orders_status_date_idx ON orders (status, order_date DESC, order_id DESC);
CREATE INDEX orders_affiliate_date_idx ON orders (affiliate_id, order_date DESC, order_id DESC);

-- Orders per day and status, kept in step by writes: totals over a date range without scanning orders.
CREATE TABLE order_daily_counts (
  order_date date NOT NULL,
  status     text NOT NULL,
  total      bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (order_date, status)
);

CREATE FUNCTION order_daily_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_daily_counts SET total = total - 1 WHERE order_date = OLD.order_date AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_daily_counts (order_date, status, total) VALUES (NEW.order_date, NEW.status, 1)
      ON CONFLICT (order_date, status) DO UPDATE SET total = order_daily_counts.total + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_daily_counts_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_daily_counts_sync();
CREATE TRIGGER orders_daily_counts_update AFTER UPDATE OF status, order_date ON orders
  FOR EACH ROW EXECUTE FUNCTION order_daily_counts_sync();

-- Commission -------------------------------------------------------------------------------------
CREATE TABLE commission_uploads (
  upload_id   bigserial PRIMARY KEY,
  file_name   text NOT NULL,
  uploaded_by bigint NOT NULL REFERENCES users (user_id),
  row_count   integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commission_rates (
  rate_id             bigserial PRIMARY KEY,
  affiliate_code      text NOT NULL,
  product_category    text NOT NULL,
  rate_percent        numeric(6, 3) NOT NULL CHECK (rate_percent >= 0 AND rate_percent <= 100),
  minimum_order_value numeric(14, 2) NOT NULL DEFAULT 0 CHECK (minimum_order_value >= 0),
  effective_date      date NOT NULL,
  upload_id           bigint REFERENCES commission_uploads (upload_id),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commission_rates_lookup_idx
  ON commission_rates (affiliate_code, product_category, effective_date DESC, rate_id DESC);

-- Notices ----------------------------------------------------------------------------------------
CREATE TABLE notifications (
  notification_id bigserial PRIMARY KEY,
  title           text NOT NULL,
  message_text    text NOT NULL,
  created_by      bigint REFERENCES users (user_id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz
);

-- country_id 0 means all countries (spec §9), so no foreign key.
CREATE TABLE notification_countries (
  notification_id bigint NOT NULL REFERENCES notifications (notification_id) ON DELETE CASCADE,
  country_id      integer NOT NULL,
  PRIMARY KEY (notification_id, country_id)
);
CREATE INDEX notification_countries_country_idx ON notification_countries (country_id, notification_id DESC);

-- Sessions and sign-in history -------------------------------------------------------------------
CREATE TABLE sessions (
  session_id   uuid PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (user_id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip           text,
  user_agent   text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_live_idx ON sessions (expires_at) WHERE revoked_at IS NULL;

CREATE TABLE login_history (
  login_id       bigserial PRIMARY KEY,
  user_id        bigint REFERENCES users (user_id),
  user_name      text NOT NULL,
  logged_at      timestamptz NOT NULL DEFAULT now(),
  ip             text,
  user_agent     text,
  latitude       double precision,
  longitude      double precision,
  success        boolean NOT NULL,
  failure_reason text
);
CREATE INDEX login_history_logged_idx ON login_history (logged_at, login_id);
-- Lockout counts recent failures per account and per IP.
CREATE INDEX login_history_user_name_idx ON login_history (lower(user_name), logged_at) WHERE NOT success;
CREATE INDEX login_history_ip_idx ON login_history (ip, logged_at) WHERE NOT success;

-- Audit ------------------------------------------------------------------------------------------
CREATE TABLE audit_log (
  audit_id      bigserial PRIMARY KEY,
  actor_user_id bigint REFERENCES users (user_id),
  action        text NOT NULL,
  entity_type   text NOT NULL,
  entity_id     text NOT NULL,
  from_status   text,
  to_status     text,
  remark        text,
  details       jsonb,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, audit_id DESC);

-- Messaging --------------------------------------------------------------------------------------
CREATE TABLE outbox (
  message_id bigserial PRIMARY KEY,
  channel    text NOT NULL CHECK (channel IN ('email', 'whatsapp')),
  recipient  text NOT NULL,
  subject    text,
  body       text NOT NULL,
  status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts   integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE status = 'pending';
CREATE INDEX outbox_recipient_idx ON outbox (lower(recipient), created_at DESC);

-- Registration: one row per sign-up in progress; OTPs and captcha belong to it --------------------
CREATE TABLE registrations (
  registration_id    uuid PRIMARY KEY,
  email              text NOT NULL,
  email_verified_at  timestamptz,
  country_id         integer REFERENCES countries (country_id),
  mobile_number      text,
  mobile_verified_at timestamptz,
  captcha_solved_at  timestamptz,
  selfie_file_id     uuid,
  completed_at       timestamptz,
  ip                 text,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registrations_email_idx ON registrations (lower(email), created_at DESC);

CREATE TABLE otp_challenges (
  challenge_id    uuid PRIMARY KEY,
  registration_id uuid NOT NULL REFERENCES registrations (registration_id),
  channel         text NOT NULL CHECK (channel IN ('email', 'mobile')),
  destination     text NOT NULL,
  code_hash       text NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  expires_at      timestamptz NOT NULL,
  last_sent_at    timestamptz NOT NULL DEFAULT now(),
  send_count      integer NOT NULL DEFAULT 1,
  verified_at     timestamptz,
  ended_at        timestamptz,
  ip              text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_challenges_registration_idx ON otp_challenges (registration_id, channel, created_at DESC);
CREATE INDEX otp_challenges_ip_idx ON otp_challenges (ip, created_at);

CREATE TABLE captcha_challenges (
  captcha_id  uuid PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  solved_at   timestamptz,
  consumed_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Files ------------------------------------------------------------------------------------------
CREATE TABLE stored_files (
  file_id         uuid PRIMARY KEY,
  storage_key     text NOT NULL UNIQUE,
  purpose         text NOT NULL CHECK (purpose IN ('selfie', 'export', 'upload')),
  content_type    text NOT NULL,
  size_bytes      bigint NOT NULL,
  original_name   text,
  owner_user_id   bigint REFERENCES users (user_id),
  registration_id uuid REFERENCES registrations (registration_id),
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE download_tokens (
  token_hash text PRIMARY KEY,
  file_id    uuid NOT NULL REFERENCES stored_files (file_id),
  user_id    bigint NOT NULL REFERENCES users (user_id),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
