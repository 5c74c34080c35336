package io.github.clockpro.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The options of one subcommand: {@code --name value} options and {@code --name} flags. Anything else is
 * rejected with an {@link IllegalArgumentException} that names the offending argument.
 */
public final class Arguments {

  private final String command;
  private final Map<String, String> values = new HashMap<>();
  private final Set<String> flags = new HashSet<>();

  private Arguments(String command) {
    this.command = command;
  }

  /**
   * Parses the arguments of a subcommand.
   *
   * @param command the subcommand's name, for messages
   * @param arguments the arguments after the subcommand
   * @param valueOptions the options that take a value, without the leading dashes
   * @param flagOptions the options that take none, without the leading dashes
   * @return the parsed arguments
   * @throws IllegalArgumentException naming an unknown option, a repeated one, or one missing its value
   */
  public static Arguments parse(String command, String[] arguments, Set<String> valueOptions,
      Set<String> flagOptions) {
    Arguments parsed = new Arguments(command);
    for (int index = 0; index < arguments.length; index++) {
      String argument = arguments[index];
      String name = argument.startsWith("--") ? argument.substring(2) : null;
      if (name != null && flagOptions.contains(name)) {
        if (!parsed.flags.add(name)) {
          throw new IllegalArgumentException(command + ": " + argument + " was given twice");
        }
      } else if (name != null && valueOptions.contains(name)) {
        if (index + 1 >= arguments.length) {
          throw new IllegalArgumentException(command + ": " + argument + " needs a value");
        }
        if (parsed.values.put(name, arguments[++index]) != null) {
          throw new IllegalArgumentException(command + ": " + argument + " was given twice");
        }
      } else {
        throw new IllegalArgumentException(command + ": unknown argument '" + argument + "'");
      }
    }
    return parsed;
  }

  /** Returns whether the flag {@code --name} was given. */
  public boolean flag(String name) {
    return flags.contains(name);
  }

  /**
   * Rejects the option {@code --name} if it was given where it does not apply.
   *
   * @param rejected whether the option does not apply here
   * @param reason completes the message that names the command and the option
   * @throws IllegalArgumentException if the option was given and {@code rejected} holds
   */
  public void reject(String name, boolean rejected, String reason) {
    if (rejected && values.containsKey(name)) {
      throw new IllegalArgumentException(command + ": --" + name + " " + reason);
    }
  }

  /** Returns the value of {@code --name}, or {@code fallback}. */
  public String value(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  /**
   * Returns the integer value of {@code --name}, or {@code fallback}.
   *
   * @throws IllegalArgumentException naming the option if the value is not an integer in {@code [min, max]}
   */
  public long longValue(String name, long fallback, long min, long max) {
    String text = values.get(name);
    if (text == null) {
      return fallback;
    }
    long value;
    try {
      value = Long.parseLong(text.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(command + ": --" + name + " must be an integer but was '" + text + "'");
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          command + ": --" + name + " must be between " + min + " and " + max + " but was " + value);
    }
    return value;
  }

  /** As {@link #longValue}, for {@code int} ranges. */
  public int intValue(String name, int fallback, int min, int max) {
    return (int) longValue(name, fallback, min, max);
  }

  /**
   * Returns the directory named by {@code --name}, or {@code fallback}.
   *
   * @throws IllegalArgumentException naming the option if the given directory does not exist
   */
  public Path directory(String name, Path fallback) {
    String text = values.get(name);
    if (text == null) {
      return fallback;
    }
    Path path = Path.of(text);
    if (!Files.isDirectory(path)) {
      throw new IllegalArgumentException(command + ": --" + name + " " + text + " is not a directory");
    }
    return path;
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
