-- Issue 25: under the 50-user soak a KYC decision's p95 was 1.32 s, most of it waiting. Each decision's UPDATE
-- of affiliates.status moved two rows of affiliate_status_counts at once (a trigger), and held their row locks
-- until its transaction committed: every decision in flight waited for the one before it to write its password,
-- audit row and email. The counts now move when the transaction commits (a deferred constraint trigger), so
-- the locks are held for the commit alone; the count is still exact, in the same transaction as the change.
--
-- A transaction that has changed affiliates cannot then ALTER TABLE affiliates (its counts are still pending)
-- until it runs SET CONSTRAINTS ALL IMMEDIATE, as the seed does.

CREATE OR REPLACE FUNCTION affiliate_status_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone text := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD.status END;
  came text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN NEW.status END;
BEGIN
  -- Locked in one order (by status), so two changes in opposite directions committing at once do not deadlock.
  PERFORM 1 FROM affiliate_status_counts WHERE status IN (gone, came) ORDER BY status FOR UPDATE;
  UPDATE affiliate_status_counts
     SET total = total + CASE WHEN status = came THEN 1 ELSE 0 END - CASE WHEN status = gone THEN 1 ELSE 0 END
   WHERE status IN (gone, came);
  RETURN NULL;
END $$;

DROP TRIGGER affiliates_status_counts_insert_delete ON affiliates;
DROP TRIGGER affiliates_status_counts_update ON affiliates;
CREATE CONSTRAINT TRIGGER affiliates_status_counts_insert_delete AFTER INSERT OR DELETE ON affiliates
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION affiliate_status_counts_sync();
CREATE CONSTRAINT TRIGGER affiliates_status_counts_update AFTER UPDATE OF status ON affiliates
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION affiliate_status_counts_sync();
