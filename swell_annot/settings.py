"""Django settings, read from the environment (django-environ).

Production differs from development only by environment variables:

- ``DJANGO_DEBUG`` (default off). ``DJANGO_SECRET_KEY`` and ``ESSAY_ENCRYPTION_KEY`` are required
  unless DEBUG is on or ``DJANGO_TESTING`` is true, where fixed development values are used.
- ``DJANGO_TESTING`` (default off): the test suite. Only this variable switches it on (never the
  mere presence of pytest in a process); ``pytest.ini`` selects ``swell_annot.settings_test``,
  which sets it, so ``pytest`` and ``python -m pytest`` both work without secrets.
- ``DATABASE_URL`` (default: SQLite in ``var/db.sqlite3``).
- ``CELERY_BROKER_URL``: unset ⇒ tasks run in-process (``CELERY_TASK_ALWAYS_EAGER``).
- ``ESSAY_ENCRYPTION_KEY``: one or more comma-separated Fernet keys, newest first (MultiFernet:
  new data is encrypted with the first, all of them decrypt — key rotation).
"""

from __future__ import annotations

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
# A local .env file is convenient in development; the environment always wins.
if (BASE_DIR / ".env").is_file():
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DJANGO_DEBUG", default=False)
# The test suite runs with DEBUG off (as in production) but without real secrets. Explicit
# only: a production process that happens to import pytest must still demand real keys.
TESTING = env.bool("DJANGO_TESTING", default=False)
_DEV = DEBUG or TESTING


def _required(name: str, dev_default: str) -> str:
    value = env.str(name, default="")
    if value:
        return value
    if _DEV:
        return dev_default
    raise ImproperlyConfigured(
        f"{name} must be set when DJANGO_DEBUG is off (the test suite: DJANGO_TESTING=1 or "
        "DJANGO_SETTINGS_MODULE=swell_annot.settings_test)"
    )


SECRET_KEY = _required("DJANGO_SECRET_KEY", "django-insecure-development-key-never-in-production")
# Development key only: a real deployment sets its own (Fernet.generate_key()).
ESSAY_ENCRYPTION_KEYS = [
    k.strip()
    for k in _required(
        "ESSAY_ENCRYPTION_KEY", "ZGV2LWtleS1ub3QtZm9yLXByb2R1Y3Rpb24tMDAwMDA="
    ).split(",")
    if k.strip()
]

ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI files served locally (no CDN: works offline)
    "rules.apps.AutodiscoverRulesConfig",
    "swell_annot.accounts",
    "swell_annot.projects",
    "swell_annot.jobs",
    "swell_annot.audit",
    "swell_annot.corpus",
    "swell_annot.editor",
    "swell_annot.review",
    "swell_annot.releases",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "swell_annot.urls"
WSGI_APPLICATION = "swell_annot.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "swell_annot" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}"),
}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DJANGO_CONN_MAX_AGE", default=60)
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    (BASE_DIR / "var").mkdir(exist_ok=True)
    # Concurrent requests (gunicorn workers, in-process tasks) wait instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]
if TESTING:
    # Password hashing dominates test time otherwise.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
if _DEV:
    STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns on every request otherwise
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest needs collectstatic; development and tests serve the files as they are.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if _DEV
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- security (cookies secure unless developing over plain http)
SESSION_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_AGE = env.int("DJANGO_SESSION_AGE", default=8 * 3600)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=0)
if env.bool("DJANGO_BEHIND_TLS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DJANGO_DATA_UPLOAD_MAX_MEMORY_SIZE", default=20 * 2**20)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

# --- structured logging: one JSON object per line on stderr
LOG_LEVEL = env.str("DJANGO_LOG_LEVEL", default="INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "swell_annot.logs.JsonFormatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "celery": {"level": LOG_LEVEL},
    },
}

# --- REST API
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_RATES": {},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "SweLL pseudonymization platform API",
    "DESCRIPTION": "Essays, versions (SVALA graphs), assignments, jobs and imports.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "EssayStatusEnum": "swell_annot.corpus.models.Essay.Status",
        "JobStatusEnum": "swell_annot.jobs.models.Job.Status",
    },
}

# --- Celery: no broker configured ⇒ tasks run in-process
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="swell")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# With acks_late a message whose worker died goes back to the queue once it has been unacked
# for the visibility timeout (Redis); sweeps for such messages run about every
# interval × throttle seconds. Tasks are idempotent, so an early redelivery is harmless.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=900),
    "unacked_restore_interval": env.int("CELERY_RESTORE_INTERVAL", default=10),
    "unacked_restore_throttle": env.int("CELERY_RESTORE_THROTTLE", default=6),
}
# A worker that misses 3 heartbeats is dead: other workers (or the next one to start) requeue its
# unacked messages at once instead of after the visibility timeout (swell_annot/jobs/recovery.py).
SWELL_WORKER_HEARTBEAT_SECONDS = env.float("SWELL_WORKER_HEARTBEAT_SECONDS", default=10.0)

# --- the platform
ESSAY_MAX_BYTES = env.int("ESSAY_MAX_BYTES", default=200_000)
PREPSEUDONYMIZE_BATCH_SIZE = env.int("PREPSEUDONYMIZE_BATCH_SIZE", default=100)
