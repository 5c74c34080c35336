package io.github.clockpro.spring.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.stereotype.Service;

// The README's Spring example, line for line between the markers; ReadmeExampleTest runs it and checks the README.
// readme:begin
@SpringBootApplication
@EnableCaching
public class BookApplication {
  public static void main(String[] args) {
    SpringApplication.run(BookApplication.class, args);
  }
}

@Service
class BookService {
  @Cacheable("books")                // a hit returns the cached title; a miss runs the method and caches it
  public String title(long isbn) {
    return "Title " + isbn;          // stands for a slow lookup
  }
}
// readme:end
