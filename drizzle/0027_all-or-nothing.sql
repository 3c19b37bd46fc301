-- A statement that writes a set at once (the chat's batched sends, docs/decisions/0037) must store
-- all of it or nothing, and it runs on its own, without BEGIN and COMMIT around it (one round trip
-- instead of five). A data-modifying WITH cannot roll itself back, so it asks this function whether
-- the set came out whole; false raises, and the statement, the only one of its transaction, is
-- undone. The caller then stores each part on its own path, which answers each exactly.
CREATE FUNCTION all_or_nothing(whole boolean) RETURNS boolean
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF whole IS NOT TRUE THEN
    RAISE EXCEPTION 'a part of the set was refused' USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END
$$;
