package io.github.clockpro.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options of one subcommand: {@code --name value} options and {@code --name} flags. Every error is an
 * {@link IllegalArgumentException} whose message names the command and the offending argument.
 */
public final class Arguments {

  private final String command;
  private final Map<String, String> values = new HashMap<>();
  private final Set<String> flags = new HashSet<>();

  private Arguments(String command) {
    this.command = command;
  }

  /**
   * Parses the arguments after a subcommand.
   *
   * @param valueOptions the options that take a value, without the leading dashes
   * @param flagOptions the options that take none, without the leading dashes
   * @throws IllegalArgumentException naming an unknown option, a repeated one, or one missing its value
   */
  public static Arguments parse(String command, String[] arguments, Set<String> valueOptions,
      Set<String> flagOptions) {
    Arguments parsed = new Arguments(command);
    for (int index = 0; index < arguments.length; index++) {
      String argument = arguments[index];
      String name = argument.startsWith("--") ? argument.substring(2) : "";
      boolean repeated;
      if (flagOptions.contains(name)) {
        repeated = !parsed.flags.add(name);
      } else if (valueOptions.contains(name) && index + 1 < arguments.length) {
        repeated = parsed.values.put(name, arguments[++index]) != null;
      } else {
        throw parsed.error(valueOptions.contains(name) ? argument + " needs a value"
            : "unknown argument '" + argument + "'");
      }
      if (repeated) {
        throw parsed.error(argument + " was given twice");
      }
    }
    return parsed;
  }

  /** Returns whether the flag {@code --name} was given. */
  public boolean flag(String name) {
    return flags.contains(name);
  }

  /** Rejects the option {@code --name}, if it was given, where {@code rejected} holds, saying why. */
  public void reject(String name, boolean rejected, String reason) {
    if (rejected && values.containsKey(name)) {
      throw error("--" + name + " " + reason);
    }
  }

  /** Returns the value of {@code --name}, or {@code fallback}. */
  public String value(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  /** Returns the integer value of {@code --name}, which must lie in {@code [min, max]}, or {@code fallback}. */
  public long longValue(String name, long fallback, long min, long max) {
    return values.containsKey(name) ? integer(name, values.get(name), min, max) : fallback;
  }

  /** Returns the comma-separated integers of {@code --name}, or of {@code fallback}, each in {@code [min, max]}. */
  public List<Integer> intList(String name, String fallback, int min, int max) {
    return Arrays.stream(value(name, fallback).split(","))
        .map(element -> (int) integer(name, element.trim(), min, max)).toList();
  }

  private long integer(String name, String text, long min, long max) {
    try {
      long value = Long.parseLong(text.replace("_", ""));
      if (value >= min && value <= max) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error("--" + name + " must be an integer between " + min + " and " + max + " but was '" + text + "'");
  }

  /** As {@link #longValue}, for {@code int} ranges. */
  public int intValue(String name, int fallback, int min, int max) {
    return (int) longValue(name, fallback, min, max);
  }

  /** Returns the directory named by {@code --name}, which must exist, or {@code fallback}. */
  public Path directory(String name, Path fallback) {
    Path path = values.containsKey(name) ? Path.of(values.get(name)) : fallback;
    if (values.containsKey(name) && !Files.isDirectory(path)) {
      throw error("--" + name + " " + path + " is not a directory");
    }
    return path;
  }

  private IllegalArgumentException error(String message) {
    return new IllegalArgumentException(command + ": " + message);
  }

  /**
   * Returns the repository root: the nearest directory, from the working directory up, that holds
   * {@code mvnw} and {@code clockpro-core}; the working directory if there is none.
   */
  public static Path repositoryRoot() {
    Path start = Path.of("").toAbsolutePath();
    for (Path directory = start; directory != null; directory = directory.getParent()) {
      if (Files.exists(directory.resolve("mvnw")) && Files.isDirectory(directory.resolve("clockpro-core"))) {
        return directory;
      }
    }
    return start;
  }
}
