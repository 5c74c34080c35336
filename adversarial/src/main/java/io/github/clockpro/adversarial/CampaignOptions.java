package io.github.clockpro.adversarial;

import io.github.clockpro.peers.Implementation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of {@link Campaign}, parsed; every malformed option is rejected with its name. */
final class CampaignOptions {

  static final String USAGE = String.join("\n",
      "Usage: bin/adversarial [options]",
      "  (no options)            every pattern against clockpro, cache2k and caffeine at 10K, 100K and 1M,",
      "                          one table per pattern, then a 300 s fuzz run against clockpro",
      "  --sizes N,N,...         cache sizes (default 10000,100000,1000000)",
      "  --caches C,C,...        any of clockpro, cache2k, caffeine (default all three)",
      "  --patterns P,P,...      pattern names (default all); --list prints them",
      "  --seed N                the patterns' seed (default 1)",
      "  --fuzz-seconds N        fuzz budget in seconds, 0 to skip (default 300)",
      "  --fuzz-seed N           the fuzzer's seed (default 20261121)",
      "  --findings DIR          where the fuzzer saves findings (default adversarial/target/fuzz-findings)",
      "  --report                also regenerate docs/adversarial.md and docs/adversarial-scans.png",
      "  --docs DIR              where --report writes (default docs)",
      "  --replay PROGRAM|@FILE  run one fuzz program (text or finding file) against clockpro and exit",
      "  --list                  print the patterns and what each attacks, and exit",
      "  --help                  print this help and exit");

  List<Integer> sizes = List.of(10_000, 100_000, 1_000_000);
  List<Implementation> caches = Caches.ALL;
  List<AccessPattern> patterns = Patterns.all();
  long seed = 1;
  long fuzzSeconds = 300;
  long fuzzSeed = 20261121L;
  Path findings = Path.of("adversarial", "target", "fuzz-findings");
  boolean report;
  Path docs = Path.of("docs");
  String replay;
  boolean list;
  boolean help;

  static CampaignOptions parse(String[] arguments) {
    CampaignOptions options = new CampaignOptions();
    for (int i = 0; i < arguments.length; i++) {
      String option = arguments[i];
      switch (option) {
        case "--report":
          options.report = true;
          break;
        case "--list":
          options.list = true;
          break;
        case "--help":
          options.help = true;
          break;
        default:
          if (i + 1 >= arguments.length) {
            throw new IllegalArgumentException(option + " needs a value, or is unknown; see --help");
          }
          options.set(option, arguments[++i]);
          break;
      }
    }
    return options;
  }

  private void set(String option, String value) {
    switch (option) {
      case "--sizes":
        List<Integer> parsedSizes = new ArrayList<>();
        for (String size : value.split(",")) {
          parsedSizes.add(Keys.requireCacheSize(Integer.parseInt(size.trim())));
        }
        sizes = List.copyOf(parsedSizes);
        break;
      case "--caches":
        List<Implementation> parsedCaches = new ArrayList<>();
        for (String cache : value.split(",")) {
          parsedCaches.add(Caches.named(cache.trim()));
        }
        caches = List.copyOf(parsedCaches);
        break;
      case "--patterns":
        if (!value.equals("all")) {
          List<AccessPattern> parsedPatterns = new ArrayList<>();
          for (String pattern : value.split(",")) {
            parsedPatterns.add(Patterns.named(pattern.trim()));
          }
          patterns = List.copyOf(parsedPatterns);
        }
        break;
      case "--seed":
        seed = Long.parseLong(value);
        break;
      case "--fuzz-seconds":
        fuzzSeconds = Long.parseLong(value);
        if (fuzzSeconds < 0) {
          throw new IllegalArgumentException("--fuzz-seconds must be at least 0 but was " + value);
        }
        break;
      case "--fuzz-seed":
        fuzzSeed = Long.parseLong(value);
        break;
      case "--findings":
        findings = Path.of(value);
        break;
      case "--docs":
        docs = Path.of(value);
        break;
      case "--replay":
        replay = value;
        break;
      default:
        throw new IllegalArgumentException("unknown option " + option + "; see --help");
    }
  }
}
