package org.verbs4j.spi;

import java.io.IOException;
import java.io.InputStream;

/**
 * Defines the classes of one package itself, from the bytes its parent sees, and delegates
 * everything else. Classes it defines live in its unnamed module, so {@link java.util.ServiceLoader}
 * loads them through {@code META-INF/services} even when the tests run on the module path (where
 * classes of the patched {@code org.verbs4j.spi} module would be ignored).
 */
final class ChildFirstClassLoader extends ClassLoader {

    private final String packagePrefix;

    /**
     * @param parent the loader to delegate to, which also supplies the class bytes and resources
     * @param packageName the package whose classes this loader defines
     */
    ChildFirstClassLoader(ClassLoader parent, String packageName) {
        super("child-first", parent);
        this.packagePrefix = packageName + ".";
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(packagePrefix)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            return loaded != null ? loaded : define(name);
        }
    }

    private Class<?> define(String name) throws ClassNotFoundException {
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
