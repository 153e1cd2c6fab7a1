-- positions is written by hand (0002_positions.sql): the ignition the device reported, so a
-- rebuild of trips after late fixes reads the same motion the live pipeline did.
ALTER TABLE "positions" ADD COLUMN "ignition" boolean;
