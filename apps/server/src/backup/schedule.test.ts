import { describe, expect, it } from "vitest";
import { backupDue, backupName, backupsToDelete, backupTime } from "./schedule.ts";

describe("backup schedule", () => {
  it("names a backup by its moment, and reads the moment back", () => {
    const at = new Date("2026-11-25T12:34:56.789Z");
    expect(backupName(at)).toBe("dub-backup-20261125T123456Z.tar");
    expect(backupTime(backupName(at))).toEqual(new Date("2026-11-25T12:34:56Z"));
    expect(backupTime("dub-backup-20261125T123456Z.tar.part")).toBeNull();
    expect(backupTime("notes.txt")).toBeNull();
  });

  it("is due with no backup yet, or when the newest is an interval old", () => {
    const hour = 3600_000;
    const now = new Date("2026-11-25T12:00:00Z");
    expect(backupDue([], now, 24 * hour)).toBe(true);
    expect(backupDue(["notes.txt"], now, 24 * hour)).toBe(true);
    expect(backupDue(["dub-backup-20261124T130000Z.tar"], now, 24 * hour)).toBe(false);
    expect(backupDue(["dub-backup-20261124T120000Z.tar"], now, 24 * hour)).toBe(true);
    expect(
      backupDue(["dub-backup-20261120T120000Z.tar", "dub-backup-20261125T110000Z.tar"], now, 24 * hour),
    ).toBe(false);
  });

  it("deletes only backups beyond the newest `keep`", () => {
    const names = [
      "dub-backup-20261123T000000Z.tar",
      "dub-backup-20261125T000000Z.tar",
      "notes.txt",
      "dub-backup-20261124T000000Z.tar",
      "dub-backup-20261122T000000Z.tar.part",
    ];
    expect(backupsToDelete(names, 2)).toEqual(["dub-backup-20261123T000000Z.tar"]);
    expect(backupsToDelete(names, 5)).toEqual([]);
  });
});
