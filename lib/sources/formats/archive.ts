import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { path7za } from "7zip-bin";
import yauzl from "yauzl";
import { ImportFileError } from "./types";

/** One file to read: a plain file, or a member of a ZIP or 7z archive the operator passed as is. */
export interface Member {
  /** The member's own name (the file name for a plain file). */
  name: string;
  /** The path the operator gave. */
  source: string;
  size: number | undefined;
  /** True for a member of a ZIP or 7z archive. */
  archived: boolean;
  open(): Promise<Readable>;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const SEVEN_Z_MAGIC = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);

function magic(file: string): Buffer {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(6);
    const n = fs.readSync(fd, head, 0, 6, 0);
    return head.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

async function zipMembers(file: string): Promise<Member[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (e) {
    throw new ImportFileError("archivo_invalido", `${path.basename(file)} no es un ZIP legible (${(e as Error).message}).`);
  }
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith("/")) entries.push(entry);
      zip.readEntry();
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  zip.close();
  return entries.map((entry) => ({
    name: path.posix.basename(entry.fileName),
    source: file,
    size: entry.uncompressedSize,
    archived: true,
    async open() {
      // A ZIP of its own per member read: members are read one after the other, each to its end.
      const z = await openZip(file);
      let wanted: yauzl.Entry | undefined;
      await new Promise<void>((resolve, reject) => {
        z.on("entry", (e: yauzl.Entry) => (e.fileName === entry.fileName ? ((wanted = e), resolve()) : z.readEntry()));
        z.on("end", resolve);
        z.on("error", reject);
        z.readEntry();
      });
      if (!wanted) throw new ImportFileError("archivo_invalido", `${path.basename(file)} ya no contiene ${entry.fileName}.`);
      const stream = await new Promise<Readable>((resolve, reject) =>
        z.openReadStream(wanted!, (err, s) => (err ? reject(err) : resolve(s))),
      );
      stream.on("close", () => z.close());
      return stream;
    },
  }));
}

let sevenZip: string | null = null;

/**
 * The 7za binary of 7zip-bin, executable. The package ships it without the exec bit: set it in place, or, when
 * node_modules is read-only, on a copy in the temporary folder.
 */
function sevenZipBinary(archive: string): string {
  if (sevenZip) return sevenZip;
  const unavailable = (why: string) =>
    new ImportFileError(
      "archivo_invalido",
      `No se puede abrir ${path.basename(archive)}: el programa 7za no está disponible (${why}). ` +
        `Extraé el archivo con "7z x ${path.basename(archive)}" y pasá los .txt extraídos con --file.`,
    );
  let bin = path7za;
  const executable = (p: string) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (!executable(bin)) {
    try {
      fs.chmodSync(bin, 0o755);
    } catch {
      const copy = path.join(os.tmpdir(), `legajo-7za-${process.getuid?.() ?? "u"}`);
      try {
        if (!executable(copy)) {
          fs.copyFileSync(bin, copy);
          fs.chmodSync(copy, 0o755);
        }
        bin = copy;
      } catch (e) {
        throw unavailable((e as Error).message);
      }
    }
  }
  if (!executable(bin)) throw unavailable("no tiene permiso de ejecución");
  sevenZip = bin;
  return bin;
}

function run7z(archive: string, args: string[]): Promise<string> {
  const bin = sevenZipBinary(archive);
  return new Promise((resolve, reject) => {
    const child = spawn(/* turbopackIgnore: true */ bin, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(out)
        : reject(new ImportFileError("archivo_invalido", `${path.basename(archive)} no es un 7z legible: ${err.trim() || `7za terminó con código ${code}`}.`)),
    );
  });
}

async function sevenZipMembers(file: string): Promise<Member[]> {
  const listing = await run7z(file, ["l", "-slt", "-ba", file]);
  const members: Member[] = [];
  for (const block of listing.split(/\r?\n\r?\n/)) {
    const name = /^Path = (.+)$/m.exec(block)?.[1];
    if (!name || /^Attributes = D/m.test(block) || /^Folder = \+/m.test(block)) continue;
    const size = /^Size = (\d+)$/m.exec(block)?.[1];
    members.push({
      name: path.basename(name),
      source: file,
      size: size ? Number(size) : undefined,
      archived: true,
      open() {
        const child = spawn(/* turbopackIgnore: true */ sevenZipBinary(file), ["e", "-so", file, name], { stdio: ["ignore", "pipe", "ignore"] });
        child.on("close", (code) => {
          if (code) child.stdout.destroy(new ImportFileError("archivo_invalido", `7za no pudo extraer ${name} de ${path.basename(file)} (código ${code}).`));
        });
        return Promise.resolve(child.stdout);
      },
    });
  }
  return members;
}

/** A folder's files (sorted by name, not recursive); a path stands for itself otherwise. */
export function expandPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      throw new ImportFileError("archivo_no_encontrado", `No se puede leer el archivo ${p}.`);
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        const full = path.join(p, name);
        if (fs.statSync(full).isFile() && !name.startsWith(".")) out.push(full);
      }
    } else out.push(p);
  }
  return out;
}

/** The files behind the operator's paths: folders expanded, ZIP and 7z archives opened to their members. */
export async function members(paths: readonly string[]): Promise<Member[]> {
  const out: Member[] = [];
  for (const file of expandPaths(paths)) {
    const head = magic(file);
    if (head.subarray(0, 4).equals(ZIP_MAGIC)) out.push(...(await zipMembers(file)));
    else if (head.equals(SEVEN_Z_MAGIC)) out.push(...(await sevenZipMembers(file)));
    else {
      const size = fs.statSync(file).size;
      out.push({ name: path.basename(file), source: file, size, archived: false, open: () => Promise.resolve(fs.createReadStream(file, { highWaterMark: 1 << 20 })) });
    }
  }
  return out;
}

/**
 * The members an importer needs, by name: an archive's members whose name matches, and plain files (operators
 * rename downloads) unless their name marks them as another file of the format (`other`). Nothing found: the
 * message lists what the archives do hold.
 */
export function pick(all: readonly Member[], wanted: RegExp, label: string, other?: RegExp): Member[] {
  const found = all.filter((m) => !other?.test(m.name) && (wanted.test(m.name) || !m.archived));
  if (found.length) return found;
  const sources = [...new Set(all.map((m) => path.basename(m.source)))];
  throw new ImportFileError(
    "archivo_invalido",
    `${sources.join(", ")} no contiene ${label} (contiene: ${all.map((m) => m.name).join(", ") || "nada"}).`,
  );
}
