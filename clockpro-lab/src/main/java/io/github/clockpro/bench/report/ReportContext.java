package io.github.clockpro.bench.report;

/**
 * Where and how a report's measurements were made, for its header and table captions.
 *
 * @param profile the profile
 * @param timestamp when the run started, UTC
 * @param commit the repository's commit, or {@code unknown}
 * @param machine cores, operating system and JVM, and the time to pass a cache line between two threads
 * @param tracesFolder the folder the traces came from, relative to the repository, or {@code null} for none
 * @param jmhVersion JMH's version
 * @param caffeineVersion Caffeine's version
 * @param cache2kVersion cache2k's version
 */
record ReportContext(ReportProfile profile, String timestamp, String commit, String machine,
    String tracesFolder, String jmhVersion, String caffeineVersion, String cache2kVersion) {}
