-- Reference data every installation needs, demo or not: roles, rights per role (DESIGN §4),
-- countries (Nigeria first) and Nigerian banks with their CBN codes.
INSERT INTO roles (role_id, role_name, show_country) VALUES
  (1, 'Admin', false),
  (2, 'Backoffice', true),
  (3, 'Affiliate', true);

INSERT INTO rights (right_key, description) VALUES
  ('dashboard', 'Admin dashboard'),
  ('affiliate_dashboard', 'Affiliate dashboard'),
  ('backoffice_dashboard', 'Back-office dashboard'),
  ('manage_users', 'Manage users menu group'),
  ('allusers', 'List back-office and admin users'),
  ('createusers', 'Create users'),
  ('affiliates', 'Affiliate list (admin mode)'),
  ('backoffice_allUsers', 'Affiliate list (back-office mode)'),
  ('backoffice_reports', 'Back-office reports'),
  ('orders_management', 'All orders'),
  ('reports', 'Admin reports'),
  ('uploadcommission_master', 'Commission upload'),
  ('affiliate_orders', 'My Orders'),
  ('affiliate_retailers', 'My Retailers'),
  ('notifications', 'Notification management'),
  ('re-kyc', 'Re-KYC');

INSERT INTO role_rights (role_id, affiliate_status, right_key) VALUES
  (1, NULL, 'dashboard'),
  (1, NULL, 'manage_users'),
  (1, NULL, 'allusers'),
  (1, NULL, 'createusers'),
  (1, NULL, 'affiliates'),
  (1, NULL, 'orders_management'),
  (1, NULL, 'reports'),
  (1, NULL, 'uploadcommission_master'),
  (1, NULL, 'notifications'),
  (2, NULL, 'backoffice_dashboard'),
  (2, NULL, 'backoffice_allUsers'),
  (2, NULL, 'backoffice_reports'),
  (3, 'KYC Complete', 'affiliate_dashboard'),
  (3, 'KYC Complete', 'affiliate_orders'),
  (3, 'KYC Complete', 'affiliate_retailers'),
  (3, 'KYC Rejected', 're-kyc');

INSERT INTO countries (country_name, country_code, phone_code, phone_number_length, sort_order) VALUES
  ('Nigeria', 'NG', '+234', 10, 1),
  ('Ghana', 'GH', '+233', 9, 2),
  ('Benin', 'BJ', '+229', 10, 3),
  ('Cameroon', 'CM', '+237', 9, 4),
  ('Niger', 'NE', '+227', 8, 5),
  ('Togo', 'TG', '+228', 8, 6);

INSERT INTO banks (bank_name, cbn_code) VALUES
  ('Access Bank', '044'),
  ('Citibank Nigeria', '023'),
  ('Ecobank Nigeria', '050'),
  ('Fidelity Bank', '070'),
  ('First Bank of Nigeria', '011'),
  ('First City Monument Bank', '214'),
  ('Globus Bank', '103'),
  ('Guaranty Trust Bank', '058'),
  ('Heritage Bank', '030'),
  ('Jaiz Bank', '301'),
  ('Keystone Bank', '082'),
  ('Kuda Microfinance Bank', '50211'),
  ('Moniepoint Microfinance Bank', '50515'),
  ('OPay', '999992'),
  ('Polaris Bank', '076'),
  ('Providus Bank', '101'),
  ('Stanbic IBTC Bank', '221'),
  ('Standard Chartered Bank', '068'),
  ('Sterling Bank', '232'),
  ('SunTrust Bank', '100'),
  ('Titan Trust Bank', '102'),
  ('Union Bank of Nigeria', '032'),
  ('United Bank for Africa', '033'),
  ('Unity Bank', '215'),
  ('Wema Bank', '035'),
  ('Zenith Bank', '057');
