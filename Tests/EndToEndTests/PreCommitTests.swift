import Foundation
import Testing

/// The `lottiekit-lint-system` hook of `.pre-commit-hooks.yaml`, run by the real `pre-commit`
/// (from PyPI, in .venv-oracles) against a scratch git repository.
@Suite("pre-commit hook")
struct PreCommitTests {
  @Test func hookPassesCleanFilesAndFailsOnADefect() throws {
    let preCommit = packageRoot + "/.venv-oracles/bin/pre-commit"
    guard FileManager.default.isExecutableFile(atPath: preCommit) else {
      print("skipping: pre-commit is not installed in .venv-oracles (make oracles installs it)")
      return
    }
    guard FileManager.default.fileExists(atPath: packageRoot + "/.git") else {
      print("skipping: the package is not a git checkout, pre-commit cannot use it as a hook repository")
      return
    }
    let repo = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: repo + "/anims", withIntermediateDirectories: true)
    try write(try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json"), to: repo + "/anims/wave.json")
    func git(_ args: String...) throws {
      let r = try run("/usr/bin/git", ["-c", "user.email=test@example.com", "-c", "user.name=test"] + args, cwd: repo)
      #expect(r.status == 0, "git \(args): \(r.stderr)")
    }
    // The binary under test first on PATH; pre-commit's cache inside the scratch folder.
    let binDir = (lottiekitBinary as NSString).deletingLastPathComponent
    func hook(_ files: [String] = ["--all-files"]) throws -> RunResult {
      let env = ["PATH=\(binDir):/usr/local/bin:/usr/bin:/bin", "PRE_COMMIT_HOME=\(repo)/.cache", "HOME=\(repo)"]
      return try run("/usr/bin/env", env + [preCommit, "try-repo", packageRoot, "lottiekit-lint-system"] + files, cwd: repo)
    }
    // pre-commit names every .json: a package.json is skipped, not an LK100 error.
    try write(Array(#"{"name":"app","version":"1.0.0"}"#.utf8), to: repo + "/package.json")
    try git("init", "-q")
    try git("add", ".")
    try git("commit", "-qm", "clean")
    let clean = try hook()
    #expect(clean.status == 0, "\(clean.stdoutText)\(clean.stderr)")
    #expect(clean.stdoutText.contains("lottiekit lint") && clean.stdoutText.contains("Passed"), "\(clean.stdoutText)")
    // A commit that changes only other JSON passes too (the hook has --allow-empty).
    let onlyOther = try hook(["--files", "package.json"])
    #expect(onlyOther.status == 0 && onlyOther.stdoutText.contains("Passed"), "\(onlyOther.stdoutText)\(onlyOther.stderr)")

    try write(try readBytes(packageRoot + "/Tests/Fixtures/planted/defects/018-parent-missing.json"), to: repo + "/anims/broken.json")
    try git("add", ".")
    let broken = try hook()
    #expect(broken.status == 1, "\(broken.stdoutText)\(broken.stderr)")
    #expect(broken.stdoutText.contains("Failed") && broken.stdoutText.contains("anims/broken.json:36:16: error: [LK201]"), "\(broken.stdoutText)")
  }
}
