from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination


class _PageSizeSerializer(serializers.Serializer):
    page_size = serializers.IntegerField(min_value=1, required=False)


class StandardPagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        # Not a whole number of at least 1: a 400 like any invalid parameter (DRF would use the default silently).
        _PageSizeSerializer(data=request.query_params).is_valid(raise_exception=True)
        return super().get_page_size(request)

    def get_schema_operation_parameters(self, view):
        """DRF's two parameters with their bounds. A page past the last one answers 404 (api.schema says so)."""
        page, page_size = super().get_schema_operation_parameters(view)
        page["schema"]["minimum"] = page_size["schema"]["minimum"] = 1
        page_size["description"] = f"Results per page: default {self.page_size}, at most {self.max_page_size}."
        return [page, page_size]
